/// Every way a call to the API can fail: the Cocoacasts series' kind that screens switch over, and
/// the cause that says what really happened.
///
/// The kind picks the screen's sentence ("You need to have a network connection."); the
/// cause travels beside it from the transport to the user — the HTTP status and the
/// server's reason, the connection failure in the networking library's own words, the
/// token store's error — so that a message can name it and an exit status can follow it.
/// Two errors are equal when both kind and cause are.
public struct APIError: Error, Hashable, Sendable {
    /// The series' five cases, plus `cancelled` so that a cancelled task is never shown
    /// to a user as a failure.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// Something went wrong that fits no other case (a token store that cannot be
        /// used, a TLS failure, a transport error of another kind).
        case unknown
        /// The server could not be reached: no network, unknown host, refused or lost
        /// connection, timeout.
        case unreachable
        /// The request needs a signed-in user (HTTP 401, or no access token to send).
        case unauthorized
        /// The server answered with a status that is neither 2xx nor 401, or a redirect
        /// the client would not follow.
        case failedRequest
        /// The server answered 2xx with a body that is not what the endpoint returns, or
        /// one larger than the limit.
        case invalidResponse
        /// The task making the request was cancelled.
        case cancelled
    }

    /// What kind of failure this is, for the screen.
    public let kind: Kind
    /// What happened; `nil` when nothing more is known (a preview's scripted failure).
    public let cause: Cause?

    /// Creates an error of `kind` with its `cause`.
    public init(_ kind: Kind, cause: Cause? = nil) {
        self.kind = kind
        self.cause = cause
    }
}

extension APIError {
    /// A failure that fits no other kind, without a cause.
    public static let unknown = APIError(.unknown)
    /// The server could not be reached, without a cause.
    public static let unreachable = APIError(.unreachable)
    /// A signed-in user is needed, without a cause.
    public static let unauthorized = APIError(.unauthorized)
    /// The server refused the request, without a cause.
    public static let failedRequest = APIError(.failedRequest)
    /// The answer could not be used, without a cause.
    public static let invalidResponse = APIError(.invalidResponse)
    /// The request was cancelled.
    public static let cancelled = APIError(.cancelled)

    /// A failure that fits no other kind, because of `cause`.
    public static func unknown(_ cause: Cause) -> APIError { APIError(.unknown, cause: cause) }
    /// The server could not be reached, because of `cause`.
    public static func unreachable(_ cause: Cause) -> APIError { APIError(.unreachable, cause: cause) }
    /// A signed-in user is needed, because of `cause`.
    public static func unauthorized(_ cause: Cause) -> APIError { APIError(.unauthorized, cause: cause) }
    /// The server refused the request, because of `cause`.
    public static func failedRequest(_ cause: Cause) -> APIError { APIError(.failedRequest, cause: cause) }
    /// The answer could not be used, because of `cause`.
    public static func invalidResponse(_ cause: Cause) -> APIError { APIError(.invalidResponse, cause: cause) }
}

extension APIError: CustomStringConvertible {
    /// The kind, and the cause when there is one: `unreachable (The server did not answer within 30 s.)`.
    public var description: String {
        cause.map { "\(kind.rawValue) (\($0))" } ?? kind.rawValue
    }
}

extension APIError {
    /// The failure of an offline-only request when no list is saved: the server was not
    /// asked, so it is `unreachable` as far as the caller can tell.
    public static let nothingSaved = APIError.unreachable(.nothingSaved)
}

extension APIError {
    /// Whether the server refused the request for good: an answer of 400, 404, 410 or 422 (a
    /// video it does not have, a value it will never accept) comes back however often the
    /// same request is sent again, so a position it refused is not worth keeping to resend.
    public var isRefusedForGood: Bool {
        guard case .status(let status, _)? = cause else { return false }
        return [400, 404, 410, 422].contains(status)
    }
}
