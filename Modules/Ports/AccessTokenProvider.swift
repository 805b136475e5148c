/// The only thing the HTTP client may know about token storage for plain requests.
///
/// It cannot read the refresh token or reset the store; tests can hand the client any
/// provider.
public protocol AccessTokenProvider: Sendable {
    /// The current access token, or `nil` when there is none to send.
    var accessToken: String? { get }
}
