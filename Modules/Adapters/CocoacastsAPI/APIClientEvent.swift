import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Something the client did, ready to log: secrets are already `<redacted>`.
public enum APIClientEvent: Sendable, Equatable, CustomStringConvertible {
    /// A request is about to be sent.
    case request(method: String, url: String, headers: [Header])
    /// A response arrived.
    case response(method: String, url: String, status: Int, duration: Duration, headers: [Header])
    /// The transport failed; `error` is what the client made of it, with its cause.
    case failure(method: String, url: String, error: APIError, duration: Duration)
    /// The request will be sent again after `delay`, as attempt `attempt`.
    case retry(method: String, url: String, attempt: Int, delay: Duration)
    /// A redirect was followed; `credentialsRemoved` when it left the origin.
    case redirect(from: String, to: String, credentialsRemoved: Bool)
    /// A redirect was not followed, and why.
    case redirectRefused(to: String, reason: String)
    /// A 401 on a protected request started the token store's coordinated refresh.
    case refreshStarted
    /// The refresh ended: `nil` on success, else the error the caller gets, with its cause.
    case refreshFinished(error: APIError?)
    /// What the saved catalogue decided for `GET episodes`.
    case cache(CacheDecision)

    /// What the saved catalogue decided, with the saved list's age where one was used.
    public enum CacheDecision: Sendable, Equatable {
        /// The saved list is within its `max-age`: it is the answer and nothing is sent.
        case fresh(age: Duration)
        /// The server answered `304 Not Modified`: the saved list is confirmed and used.
        case revalidated
        /// The server's list was saved.
        case stored
        /// The server said `no-store`: nothing was saved, and an earlier list was removed.
        case notStored
        /// The server could not be reached: the saved list is the answer.
        case offline(age: Duration)
        /// `--offline`: the saved list is the answer and nothing is sent.
        case offlineOnly(age: Duration)
    }

    /// One header as logged: the name, and the value unless the name is a secret.
    public struct Header: Sendable, Equatable {
        /// The header's name as sent.
        public let name: String
        /// The value, or `<redacted>` for credentials.
        public let value: String
    }

    /// One log line.
    public var description: String {
        switch self {
        case let .request(method, url, headers):
            "→ \(method) \(url) \(Self.render(headers))"
        case let .response(method, url, status, duration, headers):
            "← \(status) \(method) \(url) (\(Self.milliseconds(duration))) \(Self.render(headers))"
        case let .failure(method, url, error, duration):
            "✗ \(method) \(url) (\(Self.milliseconds(duration))): \(Self.render(error))"
        case let .retry(method, url, attempt, delay):
            "↻ \(method) \(url): attempt \(attempt) in \(Self.milliseconds(delay))"
        case let .redirect(from, to, credentialsRemoved):
            "↪ \(from) → \(to)" + (credentialsRemoved ? " (credentials removed: other origin)" : "")
        case let .redirectRefused(to, reason):
            "↪ refused \(to): \(reason)"
        case .refreshStarted:
            "⟳ access token refused; refreshing"
        case .refreshFinished(let error):
            error.map { "⟳ refresh failed: \(Self.render($0))" } ?? "⟳ refreshed"
        case .cache(let decision):
            "cache: \(decision)"
        }
    }

    /// `unreachable — The server sent nothing for 30 s.`
    private static func render(_ error: APIError) -> String {
        error.kind.rawValue + (error.cause.map { " — \($0)" } ?? "")
    }

    private static func render(_ headers: [Header]) -> String {
        "[" + headers.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}

extension APIClientEvent.CacheDecision: CustomStringConvertible {
    /// What was decided, in words: `fresh (saved 12 s ago); nothing sent`.
    public var description: String {
        switch self {
        case .fresh(let age): "fresh (saved \(Self.seconds(age)) ago); nothing sent"
        case .revalidated: "revalidated (304 Not Modified); the saved list is used"
        case .stored: "stored the list"
        case .notStored: "not stored (no-store)"
        case .offline(let age):
            "offline: the server could not be reached; the list saved \(Self.seconds(age)) ago is used"
        case .offlineOnly(let age): "offline only: the list saved \(Self.seconds(age)) ago is used; nothing sent"
        }
    }

    private static func seconds(_ age: Duration) -> String { "\(max(age.components.seconds, 0)) s" }
}
