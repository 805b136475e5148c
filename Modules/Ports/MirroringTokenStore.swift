import Domain

/// Keeps several token stores in step, in the spirit of swift-log's `MultiplexLogHandler`.
///
/// The first store is the primary: reads come from the first store that holds a pair,
/// and the coordinated refresh runs in the primary, whose result is then copied to the
/// others. Every write goes to every store; when one fails, the others are still
/// written and the first failure is thrown.
public struct MirroringTokenStore: TokenStore {
    private let primary: any TokenStore
    private let mirrors: [any TokenStore]

    /// Creates a mirror of `primary` into `mirrors`.
    public init(primary: any TokenStore, mirrors: [any TokenStore]) {
        self.primary = primary
        self.mirrors = mirrors
    }

    /// The pair of the first store that holds one.
    public func tokens() async throws(StoreError) -> SignInResponse? {
        for store in [primary] + mirrors {
            if let tokens = try await store.tokens() { return tokens }
        }
        return nil
    }

    /// Stores the pair in every store.
    public func setTokens(_ tokens: SignInResponse) async throws(StoreError) {
        try await everyStore { store throws(StoreError) in try await store.setTokens(tokens) }
    }

    /// Adopts the pair in the primary unless one is there, then copies the primary's
    /// pair to every mirror.
    public func setTokensIfAbsent(_ tokens: SignInResponse) async throws(StoreError) {
        try await primary.setTokensIfAbsent(tokens)
        guard let adopted = try await primary.tokens() else { return }
        try await everyMirror { store throws(StoreError) in try await store.setTokens(adopted) }
    }

    /// Clears every store.
    public func reset() async throws(StoreError) {
        try await everyStore { store throws(StoreError) in try await store.reset() }
    }

    /// Refreshes in the primary, then copies the result, or the sign-out, to the mirrors.
    public func refreshTokens(replacing staleAccessToken: String, using refresh: TokenRefresh)
        async throws(TokenRefreshError) -> SignInResponse
    {
        let fresh: SignInResponse
        do {
            fresh = try await primary.refreshTokens(replacing: staleAccessToken, using: refresh)
        } catch {
            if case .api(let failure) = error, failure.kind == .unauthorized {
                try? await everyMirror { store throws(StoreError) in try await store.reset() }
            }
            throw error
        }
        do {
            try await everyMirror { store throws(StoreError) in try await store.setTokens(fresh) }
        } catch {
            throw .store(error)
        }
        return fresh
    }

    private func everyStore(_ operation: (any TokenStore) async throws(StoreError) -> Void) async throws(StoreError) {
        try await each(of: [primary] + mirrors, operation)
    }

    private func everyMirror(_ operation: (any TokenStore) async throws(StoreError) -> Void) async throws(StoreError) {
        try await each(of: mirrors, operation)
    }

    private func each(
        of stores: [any TokenStore], _ operation: (any TokenStore) async throws(StoreError) -> Void
    ) async throws(StoreError) {
        var firstFailure: StoreError?
        for store in stores {
            do { try await operation(store) } catch { firstFailure = firstFailure ?? error }
        }
        if let firstFailure { throw firstFailure }
    }
}
