import CocoacastsAPI
import Domain
import TerminalUI

/// `--verbose` as `curl -v` prints it: `> ` before each line sent, `< ` before each line
/// received, one header a line, and `* ` before what the client did or decided (timing,
/// retries, the token refresh, the saved catalogue). Secrets are redacted by the client
/// before an event gets here; what the server sent is made safe for the terminal here.
enum VerboseLog {
    static func lines(for event: APIClientEvent) -> [String] {
        let lines: [String] =
            switch event {
            case let .request(method, url, headers):
                ["> \(method) \(url)"] + headers.map { "> \($0.name): \($0.value)" } + [">"]
            case let .response(_, _, status, duration, headers):
                ["< HTTP \(HTTPStatus.describe(status, reason: nil)) (\(milliseconds(duration)))"]
                    + headers.map { "< \($0.name): \($0.value)" } + ["<"]
            case .failure, .retry, .redirect, .redirectRefused, .refreshStarted, .refreshFinished, .cache:
                ["* " + event.description]
            }
        return lines.map { TerminalText.sanitized($0) }
    }

    /// `3 ms`.
    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}
