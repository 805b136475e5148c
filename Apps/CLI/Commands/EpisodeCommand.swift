import Domain
import Ports
import Presentation
import TerminalUI

/// `cocoacasts episode ID`: one episode of the catalogue and its excerpt.
struct EpisodeCommand: ServiceCommand, Equatable {
    static let spec = CommandLineParser.CommandSpec(
        name: "episode", arguments: ["<id or words>", "[more-words...]"],
        options: [Grammar.json] + Grammar.catalogueOptions, summary: "Show an episode and its excerpt",
        examples: [
            ("cocoacasts episode 556", "the episode with id 556"),
            ("cocoacasts episode authenticating users", "the episode those words name"),
        ])
    static let settingsUsed = Set(ConfigKey.allCases)
    static let callsTheAPI = true

    /// An episode's id, or words that name it.
    enum Name: Equatable {
        case id(Int)
        case words(String)
    }

    let name: Name
    let json: Bool
    let policy: CachePolicy

    init(name: Name, json: Bool, policy: CachePolicy) {
        self.name = name
        self.json = json
        self.policy = policy
    }

    init(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) {
        let typed = arguments.joined(separator: " ")
        let name: Name
        if CommandContext.isWords(typed) {
            name = .words(typed)
        } else {
            guard arguments.count == 1, let number = Int(typed), number >= 0 else {
                throw .invalidValue("episode id", value: typed, expected: "a number, or words of its title")
            }
            name = .id(number)
        }
        self.init(name: name, json: parsed.has(Grammar.json), policy: try Grammar.cachePolicy(parsed))
    }

    func run(_ context: CommandContext) async -> ExitCode {
        let episodes: [Episode]
        switch await context.episodes(policy: policy) {
        case .success(let model): episodes = model.state.rows.map(\.episode)
        case .failure(let ended): return ended.status
        }
        let episode: Episode
        switch name {
        case .id(let id):
            guard let found = episodes.first(where: { $0.id == id }) else {
                context.console.fail("There is no episode \(id). See `cocoacasts episodes`.")
                return .failure
            }
            episode = found
        case .words(let words):
            switch await context.episode(namedBy: words, among: episodes, offline: policy == .offlineOnly) {
            case .success(let found): episode = found
            case .failure(let ended): return ended.status
            }
        }
        if json {
            context.printJSON(episode)
        } else {
            context.console.print(
                Screens.episode(
                    EpisodeViewModel(episode: episode), width: context.appearance.width, style: context.style))
        }
        return .success
    }
}
