import Domain
import Ports
import Presentation

extension Screens {
    /// `sync` in each of its states: the report, one line an episode, then how much is ready.
    public static func sync(_ model: SyncViewModel, style: TerminalStyle = .plain) -> String {
        switch model.state {
        case .idle: style.dim("Nothing read yet.")
        case .planning: busy("Finding what to keep ready…", style)
        case .planned(let plan): syncReport(SyncReport(planned: plan), style: style)
        case .syncing: busy("Keeping the next episodes ready…", style)
        case .done(let report): syncReport(report, style: style)
        case .failed(let message, let failed): failure(message, failed, .progress, style)
        }
    }

    /// The report as a terminal shows it: a line an episode in columns, then the sum.
    public nonisolated static func syncReport(_ report: SyncReport, style: TerminalStyle = .plain) -> String {
        let lines = syncLines(report)
        let verbs = lines.map(\.verb.count).max() ?? 0
        let ids = lines.map { String($0.episode.id).count }.max() ?? 0
        let rows = lines.map { line in
            let verb = TerminalText.padded(line.verb, to: verbs)
            let id = String(repeating: " ", count: ids - String(line.episode.id).count) + String(line.episode.id)
            let text = "\(verb)  \(id)  “\(TerminalText.sanitized(line.episode.title))”  \(line.detail)"
            return line.verb == "failed" ? style.failure(text) : text
        }
        return (rows + [syncSum(report)]).joined(separator: "\n")
    }

    /// The sum: `3 episodes ready on this machine (12.3 MB): 1 fetched, 1 removed.`; a dry run's
    /// counts what would be ready, by the sizes asked.
    private nonisolated static func syncSum(_ report: SyncReport) -> String {
        let ready = report.kept.count + report.fetched.count
        let bytes =
            report.kept.reduce(0) { $0 + ($1.copy?.bytes ?? 0) }
            + report.fetched.reduce(0) { $0 + ($1.copy?.bytes ?? $1.estimatedBytes ?? 0) }
        let failed = report.failed.isEmpty ? [] : ["\(report.failed.count) failed"]
        let changes =
            (report.dryRun
                ? ["\(report.fetched.count) to fetch", "\(report.removed.count) to remove"]
                : ["\(report.fetched.count) fetched", "\(report.removed.count) removed"]) + failed
        let episodes = ready == 1 ? "1 episode" : "\(ready) episodes"
        let stopped = report.interrupted ? " Stopped before the end: run `cocoacasts sync` to go on." : ""
        // A dry run without --max-size asks no size: a sum would say less than will be on disk.
        let unsized = report.fetched.contains { $0.copy == nil && $0.estimatedBytes == nil }
        let size = unsized ? "" : " (\(ByteSize.text(bytes)))"
        return "\(episodes) \(report.dryRun ? "would be ready" : "ready") on this machine\(size): "
            + changes.joined(separator: ", ") + "." + stopped
    }

    /// One line of the report: what became of an episode, and the detail.
    public struct SyncLine: Equatable, Sendable {
        /// `kept`, `fetched`, `removed`, `skipped`, `failed`; `would fetch`, `would remove` in a dry run.
        public let verb: String
        public let episode: Episode
        public let detail: String
    }

    /// The report's lines: kept and fetched in the order they are wanted, then removed, skipped, failed.
    public nonisolated static func syncLines(_ report: SyncReport) -> [SyncLine] {
        let dryRun = report.dryRun
        let kept = report.kept.map { wanted in
            SyncLine(
                verb: "kept", episode: wanted.episode, detail: copyDetail(wanted.copy?.quality, wanted.copy?.bytes))
        }
        let fetched = report.fetched.map { fetched in
            SyncLine(
                verb: dryRun ? "would fetch" : "fetched", episode: fetched.wanted.episode,
                detail: fetched.copy.map { copyDetail($0.quality, $0.bytes) }
                    ?? fetched.estimatedBytes.map { "about \(ByteSize.text($0))" } ?? "its size is known once fetched")
        }
        let removed = report.removed.map { removal in
            SyncLine(
                verb: dryRun ? "would remove" : "removed", episode: removal.episode,
                detail: "finished, \(ByteSize.text(removal.copy.bytes)) freed"
                    + (removal.madeBySync ? "" : " (copied by download; --remove-finished)"))
        }
        let skipped = report.skipped.map { skip in
            SyncLine(verb: "skipped", episode: skip.episode, detail: skipDetail(skip.reason))
        }
        let failed = report.failed.map { SyncLine(verb: "failed", episode: $0.episode, detail: $0.message) }
        return kept + fetched + removed + skipped + failed
    }

    /// The line of an episode whose download ended in `state`, as the report will have it:
    /// `fetched` or `failed`; `nil` when it was stopped (the report says so).
    public nonisolated static func syncLine(after state: DownloadViewModel.State, of episode: Episode) -> SyncLine? {
        switch state {
        case .complete(let copy):
            SyncLine(verb: "fetched", episode: episode, detail: copyDetail(copy.quality, copy.bytes))
        case .failed(let message, _, _): SyncLine(verb: "failed", episode: episode, detail: message)
        case .waiting, .downloading, .interrupted: nil
        }
    }

    /// Why an episode was left as it is, as a person reads it.
    public nonisolated static func skipDetail(_ reason: SyncPlan.Skip.Reason) -> String {
        switch reason {
        case .finishedCopiedByTheViewer: "finished; copied by download, so kept (--remove-finished removes it)"
        case .busy: "finished; another command is writing its copy, so it is left"
        case .overMaxSize(let bytes): "it would pass --max-size by about \(ByteSize.text(bytes))"
        case .maxSizeReached: "--max-size is reached before it"
        }
    }

    private nonisolated static func copyDetail(_ quality: String?, _ bytes: Int?) -> String {
        [quality.map { TerminalText.sanitized($0) }, bytes.map { ByteSize.text($0) }].compactMap { $0 }.joined(
            separator: ", ")
    }
}
