import Domain
import Ports
import Presentation
import TerminalUI

/// `cocoacasts episode ID`: one episode of the catalogue and its excerpt.
struct EpisodeCommand: ServiceCommand, Equatable {
    static let spec = CommandLineParser.CommandSpec(
        name: "episode", arguments: ["<id>"], options: [Grammar.json] + Grammar.catalogueOptions,
        summary: "Show an episode and its excerpt",
        examples: [("cocoacasts episode 556", "the episode with id 556")])
    static let settingsUsed = Set(ConfigKey.allCases)
    static let callsTheAPI = true

    let id: Int
    let json: Bool
    let policy: CachePolicy

    init(id: Int, json: Bool, policy: CachePolicy) {
        self.id = id
        self.json = json
        self.policy = policy
    }

    init(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) {
        guard let number = Int(arguments[0]), number >= 0 else {
            throw .invalidValue("episode id", value: arguments[0], expected: "a number")
        }
        self.init(id: number, json: parsed.has(Grammar.json), policy: try Grammar.cachePolicy(parsed))
    }

    func run(_ context: CommandContext) async -> ExitCode {
        if policy != .offlineOnly { await context.deliverKeptPositions() }
        let model = EpisodesViewModel(apiService: context.services.api, policy: policy)
        guard await context.withSpinner("Fetching episodes…", { await model.fetchEpisodes() }) else {
            return .interrupted
        }
        if case .failed(_, let failure, _) = model.state {
            return context.report(failure, context: .episodes, asking: .episodes)
        }
        context.noticeASavedList(model.state)
        guard let row = model.state.rows.first(where: { $0.id == id }) else {
            context.console.fail("There is no episode \(id). See `cocoacasts episodes`.")
            return .failure
        }
        if json {
            context.printJSON(row.episode)
        } else {
            context.console.print(
                Screens.episode(
                    EpisodeViewModel(episode: row.episode), width: context.appearance.width, style: context.style))
        }
        return .success
    }
}
