import Domain
import Ports
import Presentation

extension Screens {
    /// `sync` in each of its states: the report, one line an episode, then how much is ready.
    public static func sync(_ model: SyncViewModel, dryRun: Bool = false, style: TerminalStyle = .plain) -> String {
        switch model.state {
        case .idle: style.dim("Nothing read yet.")
        case .planning: busy("Finding what to keep ready…", style)
        case .planned(let plan): syncReport(SyncReport(planned: plan), dryRun: true, style: style)
        case .syncing: busy("Keeping the next episodes ready…", style)
        case .done(let report): syncReport(report, dryRun: dryRun, style: style)
        case .failed(let message, let failed): failure(message, failed, .progress, style)
        }
    }

    /// The report as a terminal shows it: a line an episode in columns, then the sum.
    public nonisolated static func syncReport(_ report: SyncReport, dryRun: Bool, style: TerminalStyle = .plain)
        -> String
    {
        let lines = syncLines(report, dryRun: dryRun)
        let verbs = lines.map(\.verb.count).max() ?? 0
        let ids = lines.map { String($0.episode.id).count }.max() ?? 0
        let rows = lines.map { line in
            let verb = TerminalText.padded(line.verb, to: verbs)
            let id = String(repeating: " ", count: ids - String(line.episode.id).count) + String(line.episode.id)
            let text = "\(verb)  \(id)  “\(TerminalText.sanitized(line.episode.title))”  \(line.detail)"
            return line.verb == "failed" ? style.failure(text) : text
        }
        return (rows + [syncSum(report, dryRun: dryRun)]).joined(separator: "\n")
    }

    /// The sum: `3 episodes ready on this machine (12.3 MB): 1 fetched, 1 removed.`
    private nonisolated static func syncSum(_ report: SyncReport, dryRun: Bool) -> String {
        let ready = report.kept.count + (dryRun ? 0 : report.fetched.count)
        let bytes =
            report.kept.reduce(0) { $0 + ($1.copy?.bytes ?? 0) }
            + report.fetched.reduce(0) { $0 + ($1.copy?.bytes ?? 0) }
        let changes =
            dryRun
            ? ["\(report.fetched.count) to fetch", "\(report.removed.count) to remove"]
            : ["\(report.fetched.count) fetched", "\(report.removed.count) removed"]
                + (report.failed.isEmpty ? [] : ["\(report.failed.count) failed"])
        let episodes = ready == 1 ? "1 episode" : "\(ready) episodes"
        let stopped = report.interrupted ? " Stopped before the end: run `cocoacasts sync` to go on." : ""
        return "\(episodes) ready on this machine (\(ByteSize.text(bytes))): \(changes.joined(separator: ", "))."
            + stopped
    }

    /// One line of the report: what became of an episode, and the detail.
    public struct SyncLine: Equatable, Sendable {
        /// `kept`, `fetched`, `removed`, `skipped`, `failed`; `would fetch`, `would remove` in a dry run.
        public let verb: String
        public let episode: Episode
        public let detail: String
    }

    /// The report's lines: kept and fetched in the order they are wanted, then removed, skipped, failed.
    public nonisolated static func syncLines(_ report: SyncReport, dryRun: Bool) -> [SyncLine] {
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

    /// Why an episode was left as it is, as a person reads it.
    public nonisolated static func skipDetail(_ reason: SyncPlan.Skip.Reason) -> String {
        switch reason {
        case .finishedCopiedByTheViewer: "finished; copied by download, so kept (--remove-finished removes it)"
        case .busy: "finished; another command is writing its copy, so it is left"
        case .overMaxSize(let bytes?): "it would pass --max-size by about \(ByteSize.text(bytes))"
        case .overMaxSize(nil): "an episode before it would pass --max-size"
        }
    }

    private nonisolated static func copyDetail(_ quality: String?, _ bytes: Int?) -> String {
        [quality.map { TerminalText.sanitized($0) }, bytes.map { ByteSize.text($0) }].compactMap { $0 }.joined(
            separator: ", ")
    }
}
