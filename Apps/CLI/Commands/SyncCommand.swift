import Domain
import Ports
import Presentation
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `cocoacasts sync`: keeps on this machine the episodes the viewer will watch next, and
/// removes the copies it made once they are finished on any device (see
/// ``/Presentation/SyncPlan``), for a timer to run.
///
/// One run at a time: a second one says so and exits 0. Piped with nothing to do, it says
/// nothing. When the server cannot be reached nothing is removed (69). Each run is noted for
/// `status`; a dry run changes nothing and notes nothing.
struct SyncCommand: ServiceCommand, Equatable {
    static let episodes = TypedOption(
        option: CommandLineParser.Option(
            name: "--episodes", valueName: "N", summary: "how many episodes to keep ready, 0 to 50 (default 3)"),
        expected: "a number from 0 to 50"
    ) { Int($0).flatMap { (0...50).contains($0) ? $0 : nil } }
    static let maxSize = TypedOption(
        option: CommandLineParser.Option(
            name: "--max-size", valueName: "SIZE", summary: "at most this much for them on disk: 2G, 700M, 4GiB"),
        expected: "a size such as 2G, 700M or 4GiB", read: ByteSize.parse)
    static let removeFinished = CommandLineParser.Option(
        name: "--remove-finished", valueName: nil, summary: "also remove finished copies you made with download")
    static let dryRun = CommandLineParser.Option(
        name: "--dry-run", valueName: nil, summary: "say what would be fetched and removed, and change nothing")
    static let spec = CommandLineParser.CommandSpec(
        name: "sync", arguments: [],
        options: [
            episodes.option, maxSize.option, DownloadCommand.quality.option, removeFinished, dryRun, Grammar.json,
        ],
        summary:
            "Keep the next episodes of what you are watching on this machine, and remove those you finished "
            + "(needs sign-in)",
        examples: [
            ("cocoacasts sync", "the episode you are in and the two after it, ready for the train"),
            ("cocoacasts sync --episodes 5 --max-size 2G", "five, within 2 GB"),
            ("cocoacasts sync --dry-run", "what it would fetch and remove"),
        ])

    let rules: SyncRules
    let dryRun: Bool
    let json: Bool

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) -> Self {
        let rules = SyncRules(
            episodes: try Self.episodes.value(in: parsed) ?? SyncRules.defaultEpisodes,
            maxBytes: try Self.maxSize.value(in: parsed), quality: try DownloadCommand.quality.value(in: parsed),
            removesFinished: parsed.has(Self.removeFinished))
        return Self(rules: rules, dryRun: parsed.has(Self.dryRun), json: parsed.has(Grammar.json))
    }

    func run(_ context: CommandContext) async throws(ExitCode) -> ExitCode {
        let console = context.console
        var release: (() -> Void)?
        if let files = context.services.syncFiles {
            do throws(StoreError) {
                guard let lock = try await files.lock() else {
                    context.notice("another cocoacasts sync is running; this one leaves the work to it.")
                    return .success
                }
                release = lock
            } catch {
                console.fail("sync cannot take its lock: \(error)")
                return .localState
            }
        }
        defer { release?() }
        await context.deliverKeptPositions()
        let model = try await plan(in: context)
        if case .failed(let message, let failure) = model.state {
            let status: ExitCode
            if case .store = failure {
                console.fail(message + " Nothing was removed or fetched.")
                status = .localState
            } else {
                status = context.report(
                    failure, on: .progress, sentence: .instead("Nothing was removed or fetched."))
            }
            if !dryRun { await note(LastSync(failed: status, problem: message), in: context) }
            return status
        }
        guard case .planned(let plan) = model.state else { return .failure }
        // Piped, a line an episode as it is done; a timer's run with nothing to do leaves none.
        let piped = !json && !console.isOutputTerminal
        var said: Set<Int> = []
        let line = DownloadProgressLine(console: console, appearance: context.appearance, events: false)
        await Interruption.shared.onQuitAtOnce({ console.fail("Stopped: run `cocoacasts sync` to go on.") }) {
            await model.sync(dryRun: dryRun) { download, wanted, place, count, work in
                await line.following(download, title: wanted.episode.title, place: (place, count), work)
                if piped, let done = Screens.syncLine(after: download.state, of: wanted.episode) {
                    said.insert(done.episode.id)
                    Self.printPiped(done, on: console)
                }
            }
        }
        guard case .done(let report) = model.state else { return .failure }
        if json {
            context.printJSON(Output(report))
        } else if console.isOutputTerminal {
            console.printFitted(Screens.syncReport(report, style: context.style))
        } else if !plan.changesNothing || dryRun {
            for done in Screens.syncLines(report) where !said.contains(done.episode.id) {
                Self.printPiped(done, on: console)
            }
        }
        let status = Self.status(of: report)
        if !dryRun { await note(LastSync(report, status: status), in: context) }
        return status
    }

    /// One line of the report as a pipe takes it: fields apart by tabs.
    @MainActor private static func printPiped(_ line: Screens.SyncLine, on console: any Console) {
        console.print(
            [line.verb, String(line.episode.id), TerminalText.sanitized(line.episode.title), line.detail]
                .joined(separator: "\t"))
    }

    /// The plan, made under the spinner; throws 130 when a signal ended it, 74 when the stores failed (said).
    @MainActor private func plan(in context: CommandContext) async throws(ExitCode) -> SyncViewModel {
        let model: SyncViewModel
        do throws(StoreError) {
            model = SyncViewModel(
                apiService: context.services.api, downloader: context.services.downloader,
                keptPositions: try await context.keptPositionStore(), history: try await context.watchHistory(),
                server: context.services.server, rules: rules,
                problem: { problem in
                    switch problem {
                    case .history(let error):
                        context.notice(
                            error.historyMessage + " The episodes started are taken in the catalogue's order.")
                    case .keptPositions(let error):
                        context.sayTheKeptPositionsFailed(error)
                    }
                })
        } catch {
            context.console.fail(error.description)
            throw Task.isCancelled ? .interrupted : .localState
        }
        try await context.withSpinner("Finding what to keep ready…") { await model.plan() }
        return model
    }

    /// 130 when stopped; else the worst failure's: 69 when the server could not be reached, 74
    /// for the disk, 77 for a session the server refused, 1 otherwise.
    static func status(of report: SyncReport) -> ExitCode {
        if report.interrupted { return .interrupted }
        let statuses = report.failed.map { failed -> ExitCode in
            switch failed.cause {
            case .api(let error): ExitCode(error)
            case .copy(let cause) where DownloadError(cause).isUnreachable: .unreachable
            case .copy(.noRoom), .copy(.noSpace), .copy(.io), .copy(.busy): .localState
            case .copy: .failure
            }
        }
        return [.unreachable, .localState, .unauthorized].first(where: statuses.contains)
            ?? (statuses.isEmpty ? .success : .failure)
    }

    /// Notes the run for `status`; a record that cannot be written is said.
    @MainActor private func note(_ run: LastSync, in context: CommandContext) async {
        guard let files = context.services.syncFiles else { return }
        do throws(StoreError) {
            try await files.note(run, of: context.services.server)
        } catch {
            context.notice("this run could not be noted for status: \(error)")
        }
    }
}
