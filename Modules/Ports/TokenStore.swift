import Domain

/// Performs the network half of a refresh: trades a refresh token for a new pair.
public typealias TokenRefresh = @Sendable (_ refreshToken: String) async throws(APIError) -> TokenPair

/// The keychain's role: keeps the signed-in user's token pair.
///
/// Every operation is asynchronous and throws ``/Domain/StoreError`` when the store cannot be
/// used, so an unreadable store never looks like a signed-out user and waiting for a
/// store (another process's lock) never blocks a thread. Conformers get
/// ``AccessTokenProvider`` for free.
public protocol TokenStore: AccessTokenProvider {
    /// The stored pair, or `nil` when nobody is signed in.
    func tokens() async throws(StoreError) -> TokenPair?

    /// The stored pair with the account recorded beside it, read at one moment, or `nil`
    /// when nobody is signed in.
    func session() async throws(StoreError) -> StoredSession?

    /// Stores a pair (signing in), replacing whatever was stored.
    func setTokens(_ tokens: TokenPair) async throws(StoreError)

    /// Stores a session — the pair with its account — only when no pair is stored: an
    /// existing pair wins, with its own account (or none). When the stored pair is the
    /// session's own and has no account (a copy an earlier release made of the pair alone),
    /// the account joins it. Atomic with respect to every other user of the store, so
    /// concurrent migrations lose nothing.
    func setSessionIfAbsent(_ session: StoredSession) async throws(StoreError)

    /// Removes the stored pair, and its account (signing out).
    func reset() async throws(StoreError)

    /// Removes the stored pair only while it is still `tokens`: a pair another process
    /// stored since (a refresh, a sign-in) stays. Atomic where the store can be.
    func reset(ifStill tokens: TokenPair) async throws(StoreError)

    /// Refreshes a stale access token exactly once, however many tasks and processes ask.
    ///
    /// Under the store's exclusive access the pair is read again: if its access token is
    /// no longer `staleAccessToken`, another caller already refreshed and that pair is
    /// returned without calling `refresh`. Otherwise `refresh` runs with the stored
    /// refresh token and its pair is stored. With no pair stored the error is
    /// `.api(.unauthorized(.notSignedIn))`. When `refresh` fails as `unauthorized` the
    /// server refused the refresh token: the pair is removed and that error is thrown.
    /// Any other failure keeps the pair.
    func refreshTokens(replacing staleAccessToken: String, using refresh: TokenRefresh)
        async throws(TokenRefreshError) -> TokenPair
}

extension TokenStore {
    /// Reads, compares, then resets: for stores that have no exclusive access to do it in.
    public func reset(ifStill tokens: TokenPair) async throws(StoreError) {
        guard try await self.tokens() == tokens else { return }
        try await reset()
    }

    /// The stored access token; `nil` when signed out, an error when the store cannot be read.
    public var accessToken: String? {
        get async throws(StoreError) { try await tokens()?.accessToken }
    }
}
