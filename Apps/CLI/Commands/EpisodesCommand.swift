import Ports
import Presentation
import TerminalUI

/// `cocoacasts episodes [TEXT...] [--limit N]`: the catalogue, or the episodes whose title or
/// excerpt holds every word of TEXT, as a table that fits the terminal, tab-separated fields
/// in a pipe, or JSON.
///
/// A search that finds nothing says so on standard error and exits 0, as `gh issue list`
/// does: nothing went wrong, and a script tells "none" from a failure by the status alone
/// (`--json` prints `[]`).
struct EpisodesCommand: ServiceCommand, Equatable {
    static let limit = CommandLineParser.Option(
        name: "--limit", valueName: "N", summary: "show at most the first N episodes found")
    static let spec = CommandLineParser.CommandSpec(
        name: "episodes", arguments: ["[text...]"], options: [Grammar.json, limit] + Grammar.catalogueOptions,
        summary: "List the episodes, or find them by words of their title or excerpt",
        examples: [
            ("cocoacasts episodes", "a table that fits the terminal"),
            ("cocoacasts episodes sign in", "the episodes whose title or excerpt holds both words"),
            ("cocoacasts episodes --limit 3", "the three newest"),
            ("cocoacasts episodes | cut -f2", "every title: into a pipe, tab-separated fields and no header"),
            ("cocoacasts episodes --offline", "the list saved by an earlier run, without a network"),
            ("cocoacasts episodes --json | jq '.[0].title'", "the first title"),
        ])

    let json: Bool
    let policy: CachePolicy
    /// The words to find; empty for every episode.
    var search = EpisodeSearch("")
    /// At most how many to show.
    var limit: Int?

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) -> Self {
        Self(
            json: parsed.has(Grammar.json), policy: try Grammar.cachePolicy(parsed),
            search: EpisodeSearch(arguments.joined(separator: " ")), limit: try Grammar.limit(Self.limit, in: parsed))
    }

    func run(_ context: CommandContext) async throws(ExitCode) -> ExitCode {
        let (console, appearance, style) = (context.console, context.appearance, context.style)
        let model = try await context.episodes(policy: policy)
        let all = model.state.rows
        let found = search.filter(all.map(\.episode), limit: limit).map { EpisodeViewModel(episode: $0) }
        if found.isEmpty, !search.words.isEmpty {
            let nearest = search.didYouMean(among: all.map(\.episode)).map { " " + $0 } ?? ""
            context.notice("no episode has “\(search.words.joined(separator: " "))” in its title or excerpt.\(nearest)")
        }
        let offline = if case .offline = model.state { true } else { false }
        if json {
            context.printJSON(found.map(\.episode))
        } else if !console.isOutputTerminal {
            // For scripts, as gh does: whole fields, no header, no padding to a width.
            if !found.isEmpty { console.print(EpisodeTable.tabSeparated(found)) }
        } else if found.count != all.count || offline {
            if !found.isEmpty { console.print(EpisodeTable.render(found, width: appearance.width, style: style)) }
        } else {
            console.print(Screens.episodes(model, width: appearance.width, style: style))
        }
        return .success
    }
}
