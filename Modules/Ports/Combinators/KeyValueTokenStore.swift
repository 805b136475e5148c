import Domain
import Synchronization

/// A ``TokenStore`` over any ``KeyValueStore``: the file, the keychain, memory.
///
/// The pair lives under the keys `accessToken` and `refreshToken`, prefixed with
/// `scope#` when a scope is given (the file store scopes by API origin, so a token one
/// server issued is never offered to another). Both keys are always written together.
/// Beside them, `account` may name who signed in (an e-mail address, not a secret);
/// signing out removes it with the pair.
public struct KeyValueTokenStore: TokenStore {
    public let accessTokenKey: String
    public let refreshTokenKey: String
    /// The key of the signed-in account's name.
    public let accountKey: String
    /// The prefix of the keys (the file store's is the API origin), if any.
    public let scope: String?
    private let store: any KeyValueStore
    private let unsaved = UnsavedPair()
    private let unsavedNotice: @Sendable (StoreError) -> Void

    /// Creates a token store over `store`, optionally scoped.
    ///
    /// - Parameter unsaved: told when a pair the server issued by a refresh could not be
    ///   written (see ``refreshTokens(replacing:using:)``).
    public init(
        store: any KeyValueStore, scope: String? = nil, unsaved: @escaping @Sendable (StoreError) -> Void = { _ in }
    ) {
        self.store = store
        self.unsavedNotice = unsaved
        self.scope = scope
        let prefix = scope.map { "\($0)#" } ?? ""
        accessTokenKey = prefix + "accessToken"
        refreshTokenKey = prefix + "refreshToken"
        accountKey = prefix + "account"
    }

    /// The stored pair, both keys read at one moment, or `nil` when either is missing.
    public func tokens() async throws(StoreError) -> TokenPair? {
        if let held = unsaved.held.withLock({ $0 }) { return held.pair }
        return pair(in: try await store.values(forKeys: [accessTokenKey, refreshTokenKey]))
    }

    /// Writes both keys, forgetting the previous account's name, in one atomic change. A new sign-in is the one write that may
    /// replace a store that does not parse: its content is set aside first (see
    /// ``KeyValueStore/setAsideCorruptContent()``), and the write is tried once more.
    public func setTokens(_ tokens: TokenPair) async throws(StoreError) {
        // A new pair ends the previous account's session: its name goes with it.
        let changes: [String: String?] = [
            accessTokenKey: tokens.accessToken, refreshTokenKey: tokens.refreshToken, accountKey: nil,
        ]
        do {
            try await store.apply(changes)
        } catch .corrupt {
            try await store.setAsideCorruptContent()
            try await store.apply(changes)
        }
        unsaved.held.withLock { $0 = nil }
    }

    /// Writes both keys under exclusive access unless a pair is already stored.
    public func setTokensIfAbsent(_ tokens: TokenPair) async throws(StoreError) {
        try await store.withExclusiveAccess { (values: inout [String: String]) throws(StoreError) in
            guard pair(in: values) == nil else { return }
            write(tokens, into: &values)
        }
    }

    /// Removes both keys, and the account's name, in one atomic change. Signing out is,
    /// with signing in, a write that may replace a store that does not parse: whoever asks
    /// to sign out wants out, so the content is set aside (kept for the user, never
    /// deleted: it may be someone's only copy) and the removal tried once more.
    public func reset() async throws(StoreError) {
        let changes: [String: String?] = [accessTokenKey: nil, refreshTokenKey: nil, accountKey: nil]
        do {
            try await store.apply(changes)
        } catch .corrupt {
            try await store.setAsideCorruptContent()
            try await store.apply(changes)
        }
        unsaved.held.withLock { $0 = nil }
    }

    /// Removes the pair, and the account's name, under exclusive access, if it is still `tokens`.
    public func reset(ifStill tokens: TokenPair) async throws(StoreError) {
        try await store.withExclusiveAccess { (values: inout [String: String]) throws(StoreError) in
            guard pair(in: values) == tokens else { return }
            remove(from: &values)
        }
        unsaved.held.withLock { if $0?.pair == tokens { $0 = nil } }
    }

    /// The coordinated refresh, under the key-value store's exclusive access.
    ///
    /// The server revokes the refresh token it was given, so the pair it answers is the
    /// only session left. When the store cannot write it (after the store's own retry),
    /// it is written once more; failing that, this store holds it in memory — its reads
    /// answer with it, and its next refresh writes it first, unless the stored pair has
    /// changed meanwhile (another process signed in or refreshed: its pair wins) — the
    /// caller gets it, and `unsaved` is told, so the user learns that the next run may have
    /// to sign in.
    public func refreshTokens(replacing staleAccessToken: String, using refresh: TokenRefresh)
        async throws(TokenRefreshError) -> TokenPair
    {
        var stored: TokenPair?  // what the store holds, which a failed write leaves in place
        var issued: TokenPair?
        let outcome: Result<TokenPair, APIError>
        do {
            outcome = try await store.withExclusiveAccess { (values: inout [String: String]) in
                stored = pair(in: values)
                if let held = unsaved.held.withLock({ $0 }) {
                    if pair(in: values) == held.replacing { write(held.pair, into: &values) }
                    unsaved.held.withLock { $0 = nil }
                }
                guard let current = pair(in: values) else { return .failure(.unauthorized(.notSignedIn)) }
                guard current.accessToken == staleAccessToken else {
                    issued = current
                    return .success(current)
                }
                do throws(APIError) {
                    let fresh = try await refresh(current.refreshToken)
                    issued = fresh
                    write(fresh, into: &values)
                    return .success(fresh)
                } catch {
                    if error.kind == .unauthorized { remove(from: &values) }
                    return .failure(error)
                }
            }
        } catch {
            guard let issued else { throw .store(error) }
            return await keep(issued, replacing: stored, afterFailing: error)
        }
        return try outcome.mapError(TokenRefreshError.api).get()
    }

    /// Writes a pair the store failed to write once more, else holds it in memory.
    private func keep(_ issued: TokenPair, replacing stored: TokenPair?, afterFailing error: StoreError) async
        -> TokenPair
    {
        do throws(StoreError) {
            try await store.apply([accessTokenKey: issued.accessToken, refreshTokenKey: issued.refreshToken])
        } catch {
            unsaved.held.withLock { $0 = (issued, stored) }
            unsavedNotice(error)
        }
        return issued
    }

    private func pair(in values: [String: String]) -> TokenPair? {
        guard let access = values[accessTokenKey], let refresh = values[refreshTokenKey] else { return nil }
        return TokenPair(accessToken: access, refreshToken: refresh)
    }

    private func write(_ tokens: TokenPair, into values: inout [String: String]) {
        values[accessTokenKey] = tokens.accessToken
        values[refreshTokenKey] = tokens.refreshToken
    }

    private func remove(from values: inout [String: String]) {
        values[accessTokenKey] = nil
        values[refreshTokenKey] = nil
        values[accountKey] = nil
    }
}

/// A pair the server issued that the store could not write, and the stored pair it
/// replaces, shared by the copies of one ``KeyValueTokenStore``.
private final class UnsavedPair: Sendable {
    let held = Mutex<(pair: TokenPair, replacing: TokenPair?)?>(nil)
}

extension KeyValueTokenStore {
    /// A scope the store holds a pair for, and who signed in there when it was recorded.
    public struct Session: Equatable, Sendable {
        public let scope: String
        public let account: String?
    }

    /// The name of the account signed in, when one was recorded (see ``setAccount(_:)``).
    public func account() async throws(StoreError) -> String? {
        try await store.value(forKey: accountKey)
    }

    /// Records who signed in (after ``setTokens(_:)``); `nil` forgets it.
    public func setAccount(_ name: String?) async throws(StoreError) {
        try await store.setValue(name, forKey: accountKey)
    }

    /// Every scope of `store` holding a whole pair, sorted, with its account's name.
    public static func sessions(in store: any KeyValueStore) async throws(StoreError) -> [Session] {
        let values = try await store.allValues()
        let suffix = "#accessToken"
        return values.keys.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }
            .filter { values[$0 + "#refreshToken"] != nil }.sorted()
            .map { Session(scope: $0, account: values[$0 + "#account"]) }
    }

    /// Every scope of this store's key-value store holding a pair (see ``sessions(in:)``).
    public func sessions() async throws(StoreError) -> [Session] {
        try await Self.sessions(in: store)
    }
}
