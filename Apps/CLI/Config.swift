import Domain
import Ports
import TerminalUI
import TokenStoreComposition

/// The settings the config file can keep, and where each is also given.
enum ConfigKey: String, CaseIterable {
    case baseURL = "base-url"
    case apiToken = "api-token"
    case timeout
    case transport
    case cacert
    case tokenStore = "token-store"
    case player

    /// The flag that wins over everything else.
    var flag: String { "--" + rawValue }

    /// The flag as the parser takes it and help shows it: global, but for `--player`, which
    /// only `watch` takes.
    var option: CommandLineParser.Option {
        switch self {
        case .baseURL: .init(name: flag, valueName: "URL", summary: "the API, e.g. http://127.0.0.1:8080/api/v1")
        case .apiToken: .init(name: flag, valueName: "T", summary: "the X-API-TOKEN to send (other users see it in ps)")
        case .timeout:
            .init(
                name: flag, valueName: "S",
                summary: "seconds a request, or a downloaded part, may take, sent to last byte (default 30)")
        case .transport:
            .init(
                name: flag, valueName: "T",
                summary: "the HTTP engine: \(TransportChoice.available.map(\.rawValue).joined(separator: " or "))",
                choices: TransportChoice.available.map(\.rawValue), expected: TransportChoice.expected)
        case .cacert:
            .init(name: flag, valueName: "FILE", summary: "trust the certificate authorities in FILE for https")
        case .tokenStore:
            .init(
                name: flag, valueName: "S",
                summary: "where tokens live: auto (the keyring if one answers), keyring or file",
                choices: TokenStoreChoice.allCases.map(\.rawValue), expected: TokenStoreChoice.expected)
        case .player:
            .init(
                name: flag, valueName: "CMD",
                summary: "play with CMD (the URL added last) instead of mpv; it cannot say where you stopped")
        }
    }

    /// Every way to give it, as a message lists them: `--base-url, COCOACASTS_BASE_URL or config base-url`.
    var ways: String { "\(flag), \(variable) or config \(rawValue)" }

    /// The environment variable that wins over the config file: `COCOACASTS_BASE_URL`.
    var variable: String { "COCOACASTS_" + rawValue.uppercased().replacing("-", with: "_") }

    /// What the setting is, as the environment's table in `--help` and the manual says it.
    var summary: String {
        switch self {
        case .baseURL: "the API (default: \(defaultDescription))"
        case .apiToken: "the X-API-TOKEN (default: \(defaultDescription))"
        case .timeout: "seconds a request may take (default \(defaultDescription))"
        case .transport: "the HTTP engine (\(TransportChoice.available.map(\.rawValue).joined(separator: ", ")))"
        case .cacert: "a PEM file of CAs to trust instead of the system's"
        case .tokenStore: "auto (the keyring if one answers), keyring or file"
        case .player: "the player, the URL added last (default: \(defaultDescription))"
        }
    }

    /// What applies when nothing gives a value.
    var defaultDescription: String {
        switch self {
        case .baseURL: "the mock API built into cocoacasts"
        case .apiToken: "the series' token"
        case .timeout: "30"
        case .transport: TransportChoice.platformDefault.rawValue
        case .cacert: "the system's store, or SSL_CERT_FILE"
        case .tokenStore: TokenStoreChoice.auto.rawValue
        case .player: "mpv, else xdg-open or $BROWSER"
        }
    }

    /// A value as `config list --json` gives it.
    enum Value: Encodable, Equatable {
        case number(Double)
        case text(String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number) where number == number.rounded() && abs(number) < 1e15:
                try container.encode(Int(number))
            case .number(let number): try container.encode(number)
            case .text(let text): try container.encode(text)
            }
        }
    }

    /// `text` (or the default, without one) typed for JSON; `nil` for the API token, which
    /// is never printed, and where the default is no value.
    func typed(_ text: String?) -> Value? {
        switch self {
        case .apiToken: nil
        case .timeout: text.map { text in Settings.timeout(text).map(Value.number) ?? .text(text) } ?? .number(30)
        case .transport: .text(text ?? TransportChoice.platformDefault.rawValue)
        case .baseURL: text.map { .text(URLRedaction.text($0)) }
        case .cacert: text.map(Value.text)
        case .tokenStore: .text(text ?? TokenStoreChoice.auto.rawValue)
        case .player: text.map(Value.text)
        }
    }

    /// What a wrong value is told it should be.
    var expected: String {
        switch self {
        case .baseURL: "a URL such as http://127.0.0.1:8080/api/v1"
        case .apiToken: "the API token"
        case .timeout: "seconds, more than 0 and at most 3600"
        case .transport: TransportChoice.expected
        case .cacert: "a readable file of certificate authorities (PEM)"
        case .tokenStore: TokenStoreChoice.expected
        case .player: "a command: a program on PATH and its arguments, the URL added last"
        }
    }

    /// `value` as the user may see it: an API token shows its first four characters only, a
    /// base URL no user info, query or fragment.
    func displayed(_ value: String) -> String {
        if self == .baseURL { return URLRedaction.text(value) }
        guard self == .apiToken else { return value }
        return value.count <= 8 ? "…(\(value.count) characters)" : "\(value.prefix(4))…(\(value.count) characters)"
    }
}

/// Where a setting's value came from, in the order of precedence.
enum SettingSource: String, Encodable {
    case flag, environment, configFile = "config file", defaultValue = "default"
}

/// `cocoacasts config get|set|unset|list`.
enum ConfigAction: Equatable {
    case get(ConfigKey)
    case set(ConfigKey, String)
    case unset(ConfigKey)
    case list

    init(_ arguments: [String]) throws(UsageError) {
        let usage = ConfigCommand.spec.usage
        let keys = ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")
        // The key and value are optional for `list` only: a missing one is named without brackets.
        let missingKey = UsageError.missingArgument("<key> (one of \(keys))", usage: usage)
        func key(_ index: Int) throws(UsageError) -> ConfigKey {
            guard arguments.count > index else { throw missingKey }
            guard let key = ConfigKey(rawValue: arguments[index]) else {
                throw .invalidValue("config key", value: arguments[index], expected: keys)
            }
            return key
        }
        func count(_ expected: Int) throws(UsageError) {
            if arguments.count > expected { throw .unexpectedArgument(arguments[expected]) }
            if arguments.count < expected {
                throw arguments.count == 2 ? .missingArgument("<value>", usage: usage) : missingKey
            }
        }
        switch arguments[0] {
        case "get": try count(2); self = .get(try key(1))
        case "set": try count(3); self = .set(try key(1), arguments[2])
        case "unset": try count(2); self = .unset(try key(1))
        case "list": try count(1); self = .list
        default:
            throw .invalidValue("config action", value: arguments[0], expected: "get, set, unset or list")
        }
    }
}

/// The config file's values: `config.json` beside the token file, a ``KeyValueStore``
/// (so it is written 0600 and atomically, under the same lock and directory checks).
struct ConfigFile {
    typealias Values = [String: String]

    let store: any KeyValueStore
    /// Where it is, for messages.
    let path: String

    /// Every value; a missing file has none.
    func values() async throws(StoreError) -> Values {
        try await store.values(forKeys: ConfigKey.allCases.map(\.rawValue))
    }

    func set(_ value: String?, for key: ConfigKey) async throws(StoreError) {
        try await store.setValue(value, forKey: key.rawValue)
    }

    /// What `error` means for this file, and what to do (the store's own words speak of tokens).
    static func message(for error: StoreError) -> String {
        switch error {
        case let .corrupt(path, detail):
            "The config file \(path) is not valid (\(detail)). It was left untouched: fix it, "
                + "or remove it and use `cocoacasts config set`."
        case let .insecurePermissions(path, mode):
            "The config file \(path) has mode \(mode) and may be read by other users (it may hold the API token). "
                + "Run `chmod 600 \(path)` and try again."
        case let .io(path, detail): "The config file \(path) could not be used: \(detail)."
        case .lockTimeout, .untrustedLocation: error.description
        }
    }
}
