import Domain
import Ports
import Synchronization

/// A ``/Ports/TokenStore`` over any ``/Ports/KeyValueStore``: the file, the keychain, memory.
///
/// The pair lives under the keys `accessToken` and `refreshToken`, prefixed with
/// `scope#` when a scope is given (the file store scopes by API origin, so a token one
/// server issued is never offered to another). Both keys are always written together.
/// Beside them, `account` may name who signed in (an e-mail address, not a secret);
/// signing out removes it with the pair, and a migration moves it with the pair
/// (``session()``, ``setSessionIfAbsent(_:)``).
public struct KeyValueTokenStore: TokenStore {
    public let accessTokenKey: String
    public let refreshTokenKey: String
    /// The key of the signed-in account's name.
    public let accountKey: String
    /// The prefix of the keys (the file store's is the API origin), if any.
    public let scope: String?
    /// The key-value store the pair and the account live in.
    let store: any KeyValueStore
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

    /// The pair and the account's name, the three keys read at one moment.
    public func session() async throws(StoreError) -> StoredSession? {
        let values = try await store.values(forKeys: [accessTokenKey, refreshTokenKey, accountKey])
        guard let tokens = unsaved.held.withLock({ $0 })?.pair ?? pair(in: values) else { return nil }
        return StoredSession(tokens: tokens, account: values[accountKey])
    }

    /// Writes both keys, forgetting the previous account's name, in one atomic change. A new sign-in is the one write that may
    /// replace a store that does not parse: its content is set aside first (see
    /// ``/Ports/KeyValueStore/setAsideCorruptContent()``), and the write is tried once more.
    public func setTokens(_ tokens: TokenPair) async throws(StoreError) {
        // A new pair ends the previous account's session: its name goes with it.
        let changes: [String: String?] = [
            accessTokenKey: tokens.accessToken, refreshTokenKey: tokens.refreshToken, accountKey: nil,
        ]
        try await applySettingAsideCorruptContent(changes)
        unsaved.held.withLock { $0 = nil }
    }

    /// Writes the pair and its account under exclusive access unless a pair is already
    /// stored; adds the account to the session's own pair stored without one.
    public func setSessionIfAbsent(_ session: StoredSession) async throws(StoreError) {
        try await store.withExclusiveAccess { (values: inout [String: String]) throws(StoreError) in
            switch pair(in: values) {
            case nil:
                write(session.tokens, into: &values)
                values[accountKey] = session.account
            case session.tokens? where values[accountKey] == nil:
                values[accountKey] = session.account
            default:
                return
            }
        }
    }

    /// Removes both keys, and the account's name, in one atomic change. Signing out is,
    /// with signing in, a write that may replace a store that does not parse: whoever asks
    /// to sign out wants out, so the content is set aside (kept for the user, never
    /// deleted: it may be someone's only copy) and the removal tried once more.
    public func reset() async throws(StoreError) {
        try await applySettingAsideCorruptContent([accessTokenKey: nil, refreshTokenKey: nil, accountKey: nil])
        unsaved.held.withLock { $0 = nil }
    }

    /// Applies `changes`; when the store's content does not parse, sets it aside (see
    /// ``/Ports/KeyValueStore/setAsideCorruptContent()``) and applies them once more.
    private func applySettingAsideCorruptContent(_ changes: [String: String?]) async throws(StoreError) {
        do {
            try await store.apply(changes)
        } catch .corrupt {
            try await store.setAsideCorruptContent()
            try await store.apply(changes)
        }
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
            return await keep(issued, replacing: stored)
        }
        return try outcome.mapError(TokenRefreshError.api).get()
    }

    /// Writes a pair the store failed to write once more, else holds it in memory.
    private func keep(_ issued: TokenPair, replacing stored: TokenPair?) async -> TokenPair {
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
