import Domain
import Ports

/// A token store that reads a fixed pair but whose `reset()` always fails: a store that
/// is readable yet cannot sign anyone out (a read-only file, say).
struct FailingResetTokenStore: TokenStore {
    /// The pair every read returns.
    let pair: TokenPair
    /// What every `reset()` throws.
    let resetError: StoreError

    func tokens() async throws(StoreError) -> TokenPair? { pair }

    func setTokens(_ tokens: TokenPair) async throws(StoreError) {}

    func session() async throws(StoreError) -> StoredSession? { StoredSession(tokens: pair) }

    func setSessionIfAbsent(_ session: StoredSession) async throws(StoreError) {}

    func reset() async throws(StoreError) { throw resetError }

    func refreshTokens(replacing staleAccessToken: String, using refresh: TokenRefresh)
        async throws(TokenRefreshError) -> TokenPair
    {
        pair
    }
}
