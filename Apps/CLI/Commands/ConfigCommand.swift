import Domain
import TerminalUI

/// `cocoacasts config get|set|unset|list`: the config file's values, checked before they
/// are stored, and where each setting in force comes from.
struct ConfigCommand: LocalCommand, Equatable {
    static let spec = CommandLineParser.CommandSpec(
        name: "config", arguments: ["<get|set|unset|list>", "[key]", "[value]"], options: [Grammar.json],
        summary: "Keep settings such as base-url and timeout in the config file",
        examples: [
            ("cocoacasts config set base-url http://127.0.0.1:8080/api/v1", "use a local server from now on"),
            ("pass show cocoacasts-api | cocoacasts config set api-token -", "the API token, from standard input"),
            ("cocoacasts config list", "every setting and where its value comes from"),
            ("cocoacasts config unset base-url", "back to the built-in mock API"),
        ], argumentChoices: [["get", "set", "unset", "list"], ConfigKey.allCases.map(\.rawValue)],
        lastArgumentByPrevious: values)

    /// What `config set KEY VALUE` completes for each key: the choices of its flag
    /// (`token-store` takes what `--token-store` takes), or a file name.
    private static var values: [String: [String]] {
        Dictionary(
            uniqueKeysWithValues: ConfigKey.allCases.compactMap { key in
                if Completion.takesFile(key.option) { return (key.rawValue, []) }
                return key.option.choices.isEmpty ? nil : (key.rawValue, key.option.choices)
            })
    }

    let action: ConfigAction
    let json: Bool

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) -> Self {
        Self(action: try ConfigAction(arguments), json: parsed.has(Grammar.json))
    }

    func run(_ context: LocalContext) async -> ExitCode {
        let (console, file) = (context.console, context.configFile)
        do {
            switch action {
            case .get(let key):
                guard let value = try await file.values()[key.rawValue] else {
                    console.fail("\(key.rawValue) is not set in \(file.path)")
                    return .failure
                }
                guard key != .apiToken else {
                    // A masked token on standard output with status 0 would pass for the token in a script.
                    console.fail(
                        "api-token is set in \(file.path) (\(key.displayed(value))); it is a secret and is not printed")
                    return .failure
                }
                console.print(TerminalText.sanitized(key.displayed(value)))
            case .set(let key, let given):
                // `-` reads the API token from standard input: given as an argument, it shows in `ps`.
                let value: String
                if key == .apiToken && given == "-" {
                    guard let typed = console.readSecretInput(prompt: "API token: "), !typed.isEmpty else {
                        console.fail("no API token was given on standard input; nothing was changed")
                        return .usage
                    }
                    value = typed
                } else {
                    value = given
                }
                if let problem = key.problem(with: value) {
                    // A problem may end a sentence of its own (a base URL's example does).
                    let clause = problem.hasSuffix(".") ? String(problem.dropLast()) : problem
                    console.fail("\(clause); nothing was changed")
                    return .usage
                }
                try await file.set(value, for: key)
                console.say("Set \(key.rawValue) to \(key.displayed(value)) in \(file.path).")
            case .unset(let key):
                guard try await file.values()[key.rawValue] != nil else {
                    console.say("\(key.rawValue) is not set in \(file.path); nothing was changed.")
                    return .success
                }
                try await file.set(nil, for: key)
                console.say("Unset \(key.rawValue) in \(file.path).")
            case .list:
                try await list(context)
            }
        } catch {
            console.fail(ConfigFile.message(for: error))
            return .localState
        }
        return .success
    }
}
