import TerminalUI

/// `cocoacasts cache clear`: forgets every saved list of episodes.
struct CacheCommand: ServiceCommand, Equatable {
    static let spec = CommandLineParser.CommandSpec(
        name: "cache", arguments: ["<clear>"], options: [],
        summary: "Empty the saved catalogue ($XDG_CACHE_HOME/cocoacasts)",
        examples: [("cocoacasts cache clear", "forget every saved list of episodes")],
        argumentChoices: [["clear"]])
    /// Only where the catalogue is saved, which no setting changes.
    static let settingsUsed: Set<ConfigKey> = []
    static let callsTheAPI = false

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) -> Self {
        guard arguments[0] == "clear" else {
            throw .invalidValue("cache action", value: arguments[0], expected: "clear")
        }
        return Self()
    }

    func run(_ context: CommandContext) async -> ExitCode {
        let console = context.console
        guard let saved = context.services.savedCatalogue else {
            console.say("Nothing is saved.")
            return .success
        }
        do {
            try await saved.clear()
        } catch {
            console.fail("the saved catalogue could not be cleared: \(error)")
            return .localState
        }
        console.say("Cleared the saved catalogue in \(saved.directory).")
        return .success
    }
}
