import Domain
import Foundation
import FoundationHTTP
import Ports
import Presentation
import TerminalUI

/// `cocoacasts episodes`: the catalogue, as a table that fits the terminal, tab-separated
/// fields in a pipe, or JSON.
struct EpisodesCommand: ServiceCommand, Equatable {
    static let spec = CommandLineParser.CommandSpec(
        name: "episodes", arguments: [], options: [Grammar.json] + Grammar.catalogueOptions,
        summary: "List the episodes: id, title, duration (saved for offline use)",
        examples: [
            ("cocoacasts episodes", "a table that fits the terminal"),
            ("cocoacasts episodes | cut -f2", "every title: into a pipe, tab-separated fields and no header"),
            ("cocoacasts episodes --offline", "the list saved by an earlier run, without a network"),
            ("cocoacasts episodes --json | jq '.[0].title'", "the first title"),
        ])
    static let settingsUsed = Set(ConfigKey.allCases)
    static let callsTheAPI = true

    let json: Bool
    let policy: CachePolicy

    init(json: Bool, policy: CachePolicy) {
        self.json = json
        self.policy = policy
    }

    init(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) {
        self.init(json: parsed.flag("--json"), policy: try Grammar.cachePolicy(parsed))
    }

    func run(_ context: CommandContext) async -> ExitCode {
        await context.episodes(json: json, policy: policy)
    }
}

extension CommandContext {
    fileprivate func episodes(json: Bool, policy: CachePolicy) async -> ExitCode {
        let model = EpisodesViewModel(apiService: services.api, policy: policy)
        guard await load("Fetching episodes…", { await model.fetchEpisodes() }) else { return .interrupted }
        if case .failed(_, let failure, _) = model.state {
            return report(failure, context: .episodes, asking: .episodes)
        }
        noticeASavedList(model.state)
        if json {
            printJSON(model.state.rows.map(\.episode))
        } else if !console.isOutputTerminal {
            // For scripts, as gh does: whole fields, no header, no padding to a width.
            let rows = model.state.rows
            if !rows.isEmpty { console.print(EpisodeTable.tabSeparated(rows)) }
        } else if case .offline(let rows, _, _) = model.state {
            console.print(EpisodeTable.render(rows, width: appearance.width, style: style))
        } else {
            console.print(Screens.episodes(model, width: appearance.width, style: style))
        }
        return .success
    }
}
