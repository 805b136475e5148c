import Foundation
import FoundationHTTP

/// Where to connect and how: flags win over the environment, the environment over defaults.
struct Settings: Equatable {
    /// The API's base URL; `nil` runs against the mock API built into the binary.
    let baseURL: URL?
    /// The `X-API-TOKEN`; `nil` means the series' token.
    let apiToken: String?
    /// The token file; `nil` means the XDG default.
    let storePath: String?
    /// Seconds to wait for the server.
    let timeout: TimeInterval
    /// Whether to log every exchange on standard error.
    let verbose: Bool
    /// The environment the settings came from (for `HOME` and `XDG_CONFIG_HOME`).
    let environment: [String: String]

    init(parsed: ArgumentParser.Parsed, environment: [String: String]) throws(UsageError) {
        func setting(_ flag: String, _ variable: String) -> String? {
            parsed.options[flag] ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        }
        if let text = setting("--base-url", "COCOACASTS_BASE_URL") {
            guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
                throw .invalidValue(
                    "base URL", value: Redaction.urlText(text), expected: "a URL such as http://127.0.0.1:8080/api/v1")
            }
            baseURL = url
        } else {
            baseURL = nil
        }
        apiToken = setting("--api-token", "COCOACASTS_API_TOKEN")
        storePath = setting("--store", "COCOACASTS_STORE")
        if let text = parsed.options["--timeout"] {
            guard let seconds = TimeInterval(text), seconds > 0, seconds <= 3600 else {
                throw .invalidValue("--timeout", value: text, expected: "seconds, more than 0 and at most 3600")
            }
            timeout = seconds
        } else {
            timeout = 30
        }
        verbose = parsed.flag("--verbose")
        self.environment = environment
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
