import Domain

/// A ``TokenStore`` over any ``KeyValueStore``: the refactoring story's
/// `KeyValueAccountProvider`.
///
/// The pair lives under the keys `accessToken` and `refreshToken`, prefixed with
/// `scope#` when a scope is given (the file store scopes by API origin, so a token one
/// server issued is never offered to another). Both keys are always written together.
public struct KeyValueTokenStore: TokenStore {
    /// The key of the access token.
    public let accessTokenKey: String
    /// The key of the refresh token.
    public let refreshTokenKey: String
    private let store: any KeyValueStore

    /// Creates a token store over `store`, optionally scoped.
    public init(store: any KeyValueStore, scope: String? = nil) {
        self.store = store
        let prefix = scope.map { "\($0)#" } ?? ""
        accessTokenKey = prefix + "accessToken"
        refreshTokenKey = prefix + "refreshToken"
    }

    /// The stored pair, both keys read at one moment, or `nil` when either is missing.
    public func tokens() async throws(StoreError) -> SignInResponse? {
        pair(in: try await store.values(forKeys: [accessTokenKey, refreshTokenKey]))
    }

    /// Writes both keys in one atomic change. A new sign-in is the one write that may
    /// replace a store that does not parse: its content is set aside first (see
    /// ``KeyValueStore/setAsideCorruptContent()``), and the write is tried once more.
    public func setTokens(_ tokens: SignInResponse) async throws(StoreError) {
        let changes = [accessTokenKey: tokens.accessToken, refreshTokenKey: tokens.refreshToken]
        do {
            try await store.apply(changes)
        } catch .corrupt {
            try await store.setAsideCorruptContent()
            try await store.apply(changes)
        }
    }

    /// Writes both keys under exclusive access unless a pair is already stored.
    public func setTokensIfAbsent(_ tokens: SignInResponse) async throws(StoreError) {
        try await store.withExclusiveAccess { (values: inout [String: String]) throws(StoreError) in
            guard pair(in: values) == nil else { return }
            write(tokens, into: &values)
        }
    }

    /// Removes both keys in one atomic change.
    public func reset() async throws(StoreError) {
        try await store.apply([accessTokenKey: nil, refreshTokenKey: nil])
    }

    /// The coordinated refresh, under the key-value store's exclusive access.
    public func refreshTokens(replacing staleAccessToken: String, using refresh: TokenRefresh)
        async throws(TokenRefreshError) -> SignInResponse
    {
        let outcome: Result<SignInResponse, APIError>
        do {
            outcome = try await store.withExclusiveAccess { (values: inout [String: String]) in
                guard let current = pair(in: values) else { return .failure(.unauthorized(.notSignedIn)) }
                guard current.accessToken == staleAccessToken else { return .success(current) }
                do throws(APIError) {
                    let fresh = try await refresh(current.refreshToken)
                    write(fresh, into: &values)
                    return .success(fresh)
                } catch {
                    if error.kind == .unauthorized { remove(from: &values) }
                    return .failure(error)
                }
            }
        } catch {
            throw .store(error)
        }
        return try outcome.mapError(TokenRefreshError.api).get()
    }

    private func pair(in values: [String: String]) -> SignInResponse? {
        guard let access = values[accessTokenKey], let refresh = values[refreshTokenKey] else { return nil }
        return SignInResponse(accessToken: access, refreshToken: refresh)
    }

    private func write(_ tokens: SignInResponse, into values: inout [String: String]) {
        values[accessTokenKey] = tokens.accessToken
        values[refreshTokenKey] = tokens.refreshToken
    }

    private func remove(from values: inout [String: String]) {
        values[accessTokenKey] = nil
        values[refreshTokenKey] = nil
    }
}
