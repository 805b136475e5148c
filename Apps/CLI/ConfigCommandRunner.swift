import Domain
import Foundation
import FoundationHTTP
import TerminalUI

/// `cocoacasts config get|set|unset|list`: the config file's values, checked before they
/// are stored, and where each setting in force comes from.
@MainActor
struct ConfigCommandRunner {
    let console: any Console
    let file: ConfigFile
    let environment: [String: String]
    /// The command line, whose flags win over everything else in `list`.
    let parsed: CommandLineParser.Parsed
    let json: Bool

    func run(_ action: ConfigAction) async -> ExitCode {
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
                console.say(key.displayed(value))
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
                if let problem = Self.problem(with: value, for: key) {
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
                try await list()
            }
        } catch {
            console.fail(ConfigFile.message(for: error))
            return .localState
        }
        return .success
    }

    /// Every setting: its value in force (flag, environment, config file, default) and where it came from.
    private func list() async throws(StoreError) {
        struct Entry: Encodable {
            let key: String
            /// The value, typed (a number for `timeout`); `null` for the API token, which is
            /// never printed, and for a default that is no value (the built-in mock API).
            let value: Nullable<ConfigKey.Value>
            /// What the text listing shows: masked for the API token, described for defaults.
            let display: String
            let source: SettingSource
            let secret: Bool
        }
        let config = try await file.values()
        let entries = ConfigKey.allCases.map { key in
            let (value, source) = Settings.resolve(key, parsed: parsed, environment: environment, config: config)
            return Entry(
                key: key.rawValue, value: Nullable(key.typed(value)),
                display: value.map(key.displayed) ?? key.defaultDescription,
                source: source, secret: key == .apiToken)
        }
        if json {
            CommandRunner.printJSON(entries, on: console)
            return
        }
        let keyWidth = ConfigKey.allCases.map(\.rawValue.count).max() ?? 0
        let lines = entries.map { entry in
            let from =
                switch entry.source {
                case .environment: "environment (\(ConfigKey(rawValue: entry.key)?.variable ?? ""))"
                case .configFile: "config file"
                case .flag, .defaultValue: entry.source.rawValue
                }
            return TerminalText.padded(entry.key, to: keyWidth) + " "
                + TerminalText.padded(
                    TerminalText.sanitized(entry.display), to: 44) + " " + from
        }
        console.print(
            (lines + [
                "",
                "Config file: \(TerminalText.sanitized(file.path)) (flags win over the environment, "
                    + "the environment over this file)",
            ]).joined(separator: "\n"))
    }

    /// Why `value` cannot be `key`'s value, or `nil` when it can: the checks a run would make.
    static func problem(with value: String, for key: ConfigKey) -> String? {
        let loopback = URL(string: "http://127.0.0.1/")!
        switch key {
        case .timeout:
            return Settings.timeout(value) == nil
                ? "'\(value)' is not a valid timeout: expected seconds, more than 0 and at most 3600" : nil
        case .transport:
            return TransportChoice(available: value) == nil
                ? "'\(value)' is not a valid transport: expected \(TransportChoice.expected)" : nil
        case .tokenStore:
            return TokenStoreChoice(rawValue: value) == nil
                ? "'\(value)' is not a valid token-store: expected \(TokenStoreChoice.expected)" : nil
        case .cacert:
            return Settings.isReadableFile(value) ? nil : "'\(value)' is not a readable file"
        case .baseURL:
            guard let url = URL(string: value), url.host != nil else {
                return "'\(Redaction.urlText(value))' is not a valid base-url: expected a URL such as "
                    + "http://127.0.0.1:8080/api/v1"
            }
            return configurationProblem(baseURL: url, apiToken: APIConfiguration.seriesAPIToken)
        case .apiToken:
            return configurationProblem(baseURL: loopback, apiToken: value)
        }
    }

    private static func configurationProblem(baseURL: URL, apiToken: String) -> String? {
        do {
            _ = try APIConfiguration(baseURL: baseURL, apiToken: apiToken)
            return nil
        } catch {
            return error.description
        }
    }
}
