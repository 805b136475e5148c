import CommandPlayer
import TerminalUI
import TokenStoreComposition

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where to connect and how: flags win over the environment, the environment over the
/// config file, the config file over defaults.
///
/// Resolved once per run, after the config file is read, and only for the keys the
/// command uses: a bad value of a setting the command does not use never fails it
/// (`COCOACASTS_TIMEOUT=abc cocoacasts cache clear` works; the default stands in).
struct Settings: Equatable {
    /// The API's base URL; `nil` runs against the mock API built into the binary.
    let baseURL: URL?
    /// The `X-API-TOKEN`; `nil` means the Cocoacasts series' token. With `--api-token-stdin` it is
    /// set once it was read, after every other setting was checked.
    var apiToken: String?
    /// The token file; `nil` means the XDG default.
    let storePath: String?
    /// The keyring, the token file, or whichever serves (see ``TokenStoreChoice``).
    let tokenStore: TokenStoreChoice
    /// Seconds to wait for the server.
    let timeout: TimeInterval
    /// Whether to log every exchange on standard error.
    let verbose: Bool
    /// The HTTP engine.
    let transport: TransportChoice
    /// A file of certificate authorities to trust instead of the system's store.
    let certificateAuthorityFile: String?
    /// `--color`: `auto`, `always` or `never`.
    let color: String
    /// The player command (`--player`); `nil` finds one (see ``Composition/player(_:inputIsTerminal:)``).
    let player: String?
    /// Where each configurable value came from.
    let sources: [ConfigKey: SettingSource]
    /// The environment the settings came from (for `HOME` and `XDG_CONFIG_HOME`).
    let environment: [String: String]

    /// How the token store was chosen, in the words of the setting (`--token-store keyring`).
    var tokenStoreChoiceWords: String {
        let value = tokenStore.rawValue
        return switch sources[.tokenStore] {
        case .environment: "\(ConfigKey.tokenStore.variable)=\(value)"
        case .configFile: "\(ConfigKey.tokenStore.rawValue) \(value) in the config file"
        default: "\(ConfigKey.tokenStore.flag) \(value)"
        }
    }

    /// Whether the API token is to be read from standard input (`--api-token-stdin`).
    let readsAPITokenFromStandardInput: Bool

    /// The settings `parsed` gives, over `environment` and `config`, checking only the
    /// values of `keys` (the others keep their defaults).
    init(
        parsed: CommandLineParser.Parsed, environment: [String: String], config: ConfigFile.Values = [:],
        checking keys: Set<ConfigKey> = Set(ConfigKey.allCases)
    ) throws(UsageError) {
        var sources: [ConfigKey: SettingSource] = [:]
        /// The value of `key` made by `make`, or `nil` when none is given or the command does not use it.
        func setting<Value>(_ key: ConfigKey, _ make: (String) -> Value?) throws(UsageError) -> Value? {
            let (text, source) = Self.resolve(key, parsed: parsed, environment: environment, config: config)
            sources[key] = source
            guard keys.contains(key), let text else { return nil }
            guard let value = make(text) else {
                throw .invalidValue(Self.origin(of: key, source), value: key.displayed(text), expected: key.expected)
            }
            return value
        }
        baseURL = try setting(.baseURL) { URL(string: $0).flatMap { $0.scheme != nil && $0.host != nil ? $0 : nil } }
        readsAPITokenFromStandardInput = parsed.has(Grammar.apiTokenStdin)
        apiToken = try setting(.apiToken) { $0 }
        if readsAPITokenFromStandardInput {
            apiToken = nil
            sources[.apiToken] = .flag
        }
        storePath =
            parsed.value(Grammar.store) ?? environment[Grammar.storeVariable].flatMap { $0.isEmpty ? nil : $0 }
        tokenStore = try setting(.tokenStore, TokenStoreChoice.init(rawValue:)) ?? .auto
        timeout = try setting(.timeout, Self.timeout) ?? 30
        verbose = parsed.has(Grammar.verbose)
        transport = try setting(.transport, TransportChoice.init(available:)) ?? .platformDefault
        certificateAuthorityFile = try setting(.cacert) { Self.isReadableFile($0) ? $0 : nil }
        color = parsed.value(Grammar.color) ?? "auto"
        player = try setting(.player) { CommandPlayer.problem(withCommand: $0) == nil ? $0 : nil }
        self.sources = sources
        self.environment = environment
    }

    /// How a message names where `key`'s value came from.
    private static func origin(of key: ConfigKey, _ source: SettingSource) -> String {
        switch source {
        case .configFile: "\(key.rawValue) in the config file"
        case .environment: key.variable
        case .flag, .defaultValue: key == .baseURL ? "base URL" : key.flag
        }
    }

    /// `key`'s value and where it came from: the flag, the environment (a non-empty
    /// variable), the config file, or none (the default).
    static func resolve(
        _ key: ConfigKey, parsed: CommandLineParser.Parsed, environment: [String: String], config: ConfigFile.Values
    ) -> (String?, SettingSource) {
        if let value = parsed.value(key.option) { return (value, .flag) }
        if let value = environment[key.variable], !value.isEmpty { return (value, .environment) }
        if let value = config[key.rawValue] { return (value, .configFile) }
        return (nil, .defaultValue)
    }

    /// Whether `path` is a file this process can read.
    static func isReadableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR && access(path, R_OK) == 0
    }

    /// Seconds in `text` when they are more than 0 and at most an hour.
    static func timeout(_ text: String) -> TimeInterval? {
        guard let seconds = TimeInterval(text), seconds > 0, seconds <= 3600 else { return nil }
        return seconds
    }
}

extension Settings: CustomStringConvertible, CustomReflectable {
    /// The settings with the API token redacted, so a failing test never prints it.
    var description: String {
        "Settings(baseURL: \(baseURL?.absoluteString ?? "the built-in mock"), apiToken: \(apiToken == nil ? "default" : "<redacted>"), "
            + "storePath: \(storePath ?? "default"), timeout: \(timeout), verbose: \(verbose))"
    }

    /// A mirror showing only the description.
    var customMirror: Mirror { Mirror(self, children: ["settings": description]) }
}
