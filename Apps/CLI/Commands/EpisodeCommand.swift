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

    /// An episode's id, or words that name it.
    enum Name: Equatable {
        case id(Int)
        case words(String)
    }

    let name: Name
    let json: Bool
    let policy: CachePolicy

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) -> Self {
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
        return Self(name: name, json: parsed.has(Grammar.json), policy: try Grammar.cachePolicy(parsed))
    }

    func run(_ context: CommandContext) async throws(ExitCode) -> ExitCode {
        let episodes = try await context.episodes(policy: policy).state.rows.map(\.episode)
        let episode: Episode
        switch name {
        case .id(let id):
            guard let found = episodes.first(where: { $0.id == id }) else {
                context.console.fail("There is no episode \(id). See `cocoacasts episodes`.")
                return .failure
            }
            episode = found
        case .words(let words):
            episode = try await context.episode(namedBy: words, among: episodes, offline: policy == .offlineOnly)
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
