import Domain

/// Moves tokens from a previous store to the current one without signing anyone out:
/// the refactoring story's `MigrationAccountProvider`.
///
/// Reads come from `current`, falling back to `previous`. A write goes to `current` and
/// clears `previous`. A refresh first adopts the previous pair into `current` — only if
/// `current` is still empty, under its exclusive access — so any number of processes
/// can migrate at the same moment and the newest pair always survives. Running the
/// migration again once it is done touches nothing.
public struct MigratingTokenStore: TokenStore {
    private let current: any TokenStore
    private let previous: any TokenStore

    /// Creates a store that migrates from `previous` to `current`.
    public init(current: any TokenStore, previous: any TokenStore) {
        self.current = current
        self.previous = previous
    }

    /// The current pair, else the previous one. `previous` is not read when `current` has a pair.
    public func tokens() async throws(StoreError) -> SignInResponse? {
        if let tokens = try await current.tokens() { return tokens }
        return try await previous.tokens()
    }

    /// Stores the pair in `current` and clears `previous`. Clearing is best effort: once
    /// `current` holds a pair, `previous` is never read again, so a previous store that
    /// cannot be cleared (unreadable, say) does not fail the sign-in.
    public func setTokens(_ tokens: SignInResponse) async throws(StoreError) {
        try await current.setTokens(tokens)
        try? await previous.reset()
    }

    /// Stores the pair in `current` unless either store has one; then clears `previous`.
    public func setTokensIfAbsent(_ tokens: SignInResponse) async throws(StoreError) {
        try await current.setTokensIfAbsent(try await previous.tokens() ?? tokens)
        try await previous.reset()
    }

    /// Clears both stores.
    public func reset() async throws(StoreError) {
        try await current.reset()
        try await previous.reset()
    }

    /// Migrates what `previous` holds, then refreshes in `current`.
    public func refreshTokens(replacing staleAccessToken: String, using refresh: TokenRefresh)
        async throws(TokenRefreshError) -> SignInResponse
    {
        do {
            if try await current.tokens() == nil, let legacy = try await previous.tokens() {
                try await current.setTokensIfAbsent(legacy)
                try await previous.reset()
            }
        } catch {
            throw .store(error)
        }
        return try await current.refreshTokens(replacing: staleAccessToken, using: refresh)
    }
}
