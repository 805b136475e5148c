import Domain

/// Performs the network half of a refresh: trades a refresh token for a new pair.
public typealias TokenRefresh = @Sendable (_ refreshToken: String) async throws(APIError) -> SignInResponse

/// The keychain's role: keeps the signed-in user's token pair.
///
/// Reads and writes throw ``StoreError`` when the store cannot be used, so an
/// unreadable store never looks like a signed-out user. Conformers get
/// ``AccessTokenProvider`` for free; that read reports a failing store as no token, so
/// callers that must tell the two apart call ``tokens()``.
public protocol TokenStore: AccessTokenProvider {
    /// The stored pair, or `nil` when nobody is signed in.
    func tokens() throws(StoreError) -> SignInResponse?

    /// Stores a pair (signing in), replacing whatever was stored.
    func setTokens(_ tokens: SignInResponse) throws(StoreError)

    /// Stores a pair only when none is stored; an existing pair wins. Atomic with
    /// respect to every other user of the store, so concurrent migrations lose nothing.
    func setTokensIfAbsent(_ tokens: SignInResponse) async throws(StoreError)

    /// Removes the stored pair (signing out).
    func reset() throws(StoreError)

    /// Refreshes a stale access token exactly once, however many tasks and processes ask.
    ///
    /// Under the store's exclusive access the pair is read again: if its access token is
    /// no longer `staleAccessToken`, another caller already refreshed and that pair is
    /// returned without calling `refresh`. Otherwise `refresh` runs with the stored
    /// refresh token and its pair is stored. When `refresh` fails with
    /// `.unauthorized` the server refused the refresh token: the pair is removed and the
    /// error is `.api(.unauthorized)`. Any other failure keeps the pair.
    func refreshTokens(replacing staleAccessToken: String, using refresh: TokenRefresh)
        async throws(TokenRefreshError) -> SignInResponse
}

extension TokenStore {
    /// The stored access token; `nil` when signed out or when the store cannot be read.
    public var accessToken: String? {
        try? tokens()?.accessToken
    }
}
