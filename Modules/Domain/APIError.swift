/// Every way a call to the API can fail, as the screens need to tell them apart.
///
/// The first five cases are the series'; `cancelled` exists so that a cancelled
/// task is never shown to a user as a failure.
public enum APIError: Error, Equatable, Hashable, Sendable, CaseIterable {
    /// Something went wrong that fits no other case.
    case unknown
    /// The server could not be reached: no network, unknown host, refused or lost connection, timeout.
    case unreachable
    /// The request needs a signed-in user (HTTP 401, or no access token to send).
    case unauthorized
    /// The server answered with a status that is neither 2xx nor 401.
    case failedRequest
    /// The server answered 2xx with a body that is not what the endpoint returns.
    case invalidResponse
    /// The task making the request was cancelled.
    case cancelled
}
