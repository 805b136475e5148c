import Domain
import Presentation
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `cocoacasts continue [--limit N] [--json]`: the episodes started and not finished, the
/// most recently watched on this machine first, with where you are and what is left.
///
/// The positions are the server's, so the viewer's other devices count; those kept on this
/// machine and not yet sent are laid over them. Offline, the positions the server last gave
/// are shown, with their age. Nothing started says so on standard error and exits 0
/// (`--json` prints `[]`).
struct ContinueCommand: ServiceCommand, Equatable {
    static let limit = CommandLineParser.Option(
        name: "--limit", valueName: "N", summary: "show at most the N most recent")
    static let spec = CommandLineParser.CommandSpec(
        name: "continue", aliases: ["resume", "history"], arguments: [], options: [Grammar.json, limit],
        summary:
            "List the episodes you started and did not finish (\(PlaybackViewModel.finishedRule)), the most recent first "
            + "(needs sign-in)",
        examples: [
            ("cocoacasts continue", "where you are in each, and the time left"),
            ("cocoacasts continue --limit 1", "the one you watched last"),
            ("cocoacasts continue --json | jq '.[0].id'", "its id"),
        ])

    let json: Bool
    let limit: Int?

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) -> Self {
        Self(json: parsed.has(Grammar.json), limit: try Grammar.limit(Self.limit, in: parsed))
    }

    func run(_ context: CommandContext) async throws(ExitCode) -> ExitCode {
        let console = context.console
        await context.deliverKeptPositions()
        let items = Array(try await context.episodesToContinue().prefix(limit ?? .max))
        if json {
            context.printJSON(items.map(Entry.init))
        } else if items.isEmpty {
            context.notice(Screens.nothingToContinue)
        } else if console.isOutputTerminal {
            console.print(ContinueTable.render(items, width: context.appearance.width, style: context.style))
        } else {
            console.print(ContinueTable.tabSeparated(items))
        }
        return .success
    }

    /// One episode in `--json`.
    struct Entry: Encodable {
        let id: Int
        let title: String
        let videoID: String
        let cursor: Int
        let duration: Int
        let percent: Int
        let secondsLeft: Int
        /// When it was last played on this machine, in seconds since 1970 (as `status` writes
        /// times), or `null` when it was not.
        let watchedAt: Nullable<Double>
        /// Whether the position waits on this machine for the server.
        let keptOnThisMachine: Bool

        init(_ item: ContinueWatchingItem) {
            id = item.episode.id
            title = item.episode.title
            videoID = item.episode.videoID
            cursor = item.cursor
            duration = item.episode.videoDuration
            percent = item.percent
            secondsLeft = item.secondsLeft
            watchedAt = Nullable(item.watchedAt?.timeIntervalSince1970)
            keptOnThisMachine = item.isKeptHere
        }
    }
}
