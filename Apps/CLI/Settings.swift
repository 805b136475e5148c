import Foundation
import FoundationHTTP

/// Where to connect and how: flags win over the environment, the environment over the
/// config file, the config file over defaults.
struct Settings: Equatable {
    /// The API's base URL; `nil` runs against the mock API built into the binary.
    let baseURL: URL?
    /// The `X-API-TOKEN`; `nil` means the series' token.
    let apiToken: String?
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
    /// Where each configurable value came from.
    let sources: [ConfigKey: SettingSource]
    /// The environment the settings came from (for `HOME` and `XDG_CONFIG_HOME`).
    let environment: [String: String]

    /// Whether the API token is to be read from standard input (`--api-token-stdin`).
    let readsAPITokenFromStandardInput: Bool

    /// The settings `parsed` gives, over `environment` and `config`; with `--api-token-stdin`,
    /// the token is `apiTokenFromStandardInput` (`nil` until it is read).
    init(
        parsed: CommandLineParser.Parsed, environment: [String: String], config: ConfigFile.Values = [:],
        apiTokenFromStandardInput: String? = nil
    ) throws(UsageError) {
        var sources: [ConfigKey: SettingSource] = [:]
        func setting(_ key: ConfigKey) -> String? {
            let (value, source) = Self.resolve(key, parsed: parsed, environment: environment, config: config)
            sources[key] = source
            return value
        }
        func origin(_ key: ConfigKey) -> String {
            switch sources[key] {
            case .configFile: "\(key.rawValue) in the config file"
            case .environment: key.variable
            default: key == .baseURL ? "base URL" : key.flag
            }
        }
        if let text = setting(.baseURL) {
            guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
                throw .invalidValue(
                    origin(.baseURL), value: Redaction.urlText(text),
                    expected: "a URL such as http://127.0.0.1:8080/api/v1")
            }
            baseURL = url
        } else {
            baseURL = nil
        }
        readsAPITokenFromStandardInput = parsed.flag("--api-token-stdin")
        if readsAPITokenFromStandardInput {
            apiToken = apiTokenFromStandardInput
            sources[.apiToken] = .flag
        } else {
            apiToken = setting(.apiToken)
        }
        storePath = parsed.options["--store"] ?? environment["COCOACASTS_STORE"].flatMap { $0.isEmpty ? nil : $0 }
        if let text = setting(.tokenStore) {
            guard let choice = TokenStoreChoice(rawValue: text) else {
                throw .invalidValue(origin(.tokenStore), value: text, expected: TokenStoreChoice.expected)
            }
            tokenStore = choice
        } else {
            tokenStore = .auto
        }
        if let text = setting(.timeout) {
            guard let seconds = Self.timeout(text) else {
                throw .invalidValue(origin(.timeout), value: text, expected: "seconds, more than 0 and at most 3600")
            }
            timeout = seconds
        } else {
            timeout = 30
        }
        verbose = parsed.flag("--verbose")
        if let text = setting(.transport) {
            guard let choice = TransportChoice(available: text) else {
                throw .invalidValue(origin(.transport), value: text, expected: TransportChoice.expected)
            }
            transport = choice
        } else {
            transport = .platformDefault
        }
        certificateAuthorityFile = setting(.cacert)
        if let file = certificateAuthorityFile, !Self.isReadableFile(file) {
            throw .invalidValue(
                origin(.cacert), value: file, expected: "a readable file of certificate authorities (PEM)")
        }
        color = parsed.options["--color"] ?? "auto"
        self.sources = sources
        self.environment = environment
    }

    /// `key`'s value and where it came from: the flag, the environment (a non-empty
    /// variable), the config file, or none (the default).
    static func resolve(
        _ key: ConfigKey, parsed: CommandLineParser.Parsed, environment: [String: String], config: ConfigFile.Values
    ) -> (String?, SettingSource) {
        if let value = parsed.options[key.flag] { return (value, .flag) }
        if let value = environment[key.variable], !value.isEmpty { return (value, .environment) }
        if let value = config[key.rawValue] { return (value, .configFile) }
        return (nil, .defaultValue)
    }

    /// Whether `path` is a file this process can read.
    static func isReadableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isReadableFile(atPath: path)
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
        "Settings(baseURL: \(baseURL?.absoluteString ?? "embedded"), apiToken: \(apiToken == nil ? "default" : "<redacted>"), "
            + "storePath: \(storePath ?? "default"), timeout: \(timeout), verbose: \(verbose))"
    }

    /// A mirror showing only the description.
    var customMirror: Mirror { Mirror(self, children: ["settings": description]) }
}
