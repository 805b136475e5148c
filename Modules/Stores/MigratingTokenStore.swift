import Domain
import Ports

/// Moves a session from a previous store to the current one (the earlier release's file to
/// this release's) without signing anyone out.
///
/// What moves is the whole ``/Ports/StoredSession``: the pair and the name of the account that
/// signed in. Reads come from `current`, falling back to `previous`. A write goes to
/// `current` and clears `previous`. A refresh first adopts the previous session into
/// `current` — only if `current` is still empty, under its exclusive access — so any number of processes
/// can migrate at the same moment and the newest pair always survives. Running the
/// migration again once it is done touches nothing. With `migratesOnRead`, the first
/// read migrates too: for a move between stores of which only the new one is safe to
/// leave secrets in (the file to the keyring), where the pair must not wait in the old
/// one until its next refresh.
///
/// A previous pair is never read once it has been moved: signing out clears `previous`
/// before `current`, so a previous store that cannot be cleared fails the sign-out with
/// its error and leaves the current pair in place — never a stale, long-rotated pair to
/// fall back to.
public struct MigratingTokenStore: TokenStore {
    private let current: any TokenStore
    private let previous: any TokenStore
    private let leftover: @Sendable (StoreError) -> Void
    private let migratesOnRead: Bool

    /// Creates a store that migrates from `previous` to `current`; `leftover` is told when a
    /// sign-in could not clear `previous` (the sign-in itself succeeded).
    public init(
        current: any TokenStore, previous: any TokenStore, migratesOnRead: Bool = false,
        leftover: @escaping @Sendable (StoreError) -> Void = { _ in }
    ) {
        self.current = current
        self.previous = previous
        self.migratesOnRead = migratesOnRead
        self.leftover = leftover
    }

    /// The current pair, else the previous one; `previous` is not read when `current` has
    /// a pair. With `migratesOnRead`, whatever `previous` holds is migrated first.
    public func tokens() async throws(StoreError) -> TokenPair? {
        guard migratesOnRead else {
            if let tokens = try await current.tokens() { return tokens }
            return try await previous.tokens()
        }
        try await migrate()
        return try await current.tokens()
    }

    /// The current session, else the previous one, as ``tokens()`` reads them.
    public func session() async throws(StoreError) -> StoredSession? {
        guard migratesOnRead else {
            if let session = try await current.session() { return session }
            return try await previous.session()
        }
        try await migrate()
        return try await current.session()
    }

    /// Moves the previous session — the pair with its account — into `current` (an existing
    /// current pair wins, under its exclusive access), then clears `previous`. Done, it only
    /// reads; interrupted before the clearing (the session copied, the previous store not
    /// yet cleared), the next call finishes it.
    public func migrate() async throws(StoreError) {
        guard let legacy = try await previous.session() else { return }
        if try await current.session() != legacy { try await current.setSessionIfAbsent(legacy) }
        // Only the pair copied: one another process stored there since is its own session.
        try await previous.reset(ifStill: legacy.tokens)
    }

    /// Removes the pair from both stores where it is still `tokens`.
    public func reset(ifStill tokens: TokenPair) async throws(StoreError) {
        try await previous.reset(ifStill: tokens)
        try await current.reset(ifStill: tokens)
    }

    /// Stores the pair in `current` and clears `previous`. A previous store that cannot be
    /// cleared (unreadable, say) does not fail the sign-in, which is done: `leftover` hears
    /// of it, and the next sign-out will fail until it is repaired.
    public func setTokens(_ tokens: TokenPair) async throws(StoreError) {
        try await current.setTokens(tokens)
        do {
            try await previous.reset()
        } catch {
            leftover(error)
        }
    }

    /// Stores the session in `current` unless either store has one (the previous store's
    /// moves then); then clears `previous`.
    public func setSessionIfAbsent(_ session: StoredSession) async throws(StoreError) {
        try await current.setSessionIfAbsent(try await previous.session() ?? session)
        try await previous.reset()
    }

    /// Clears `previous`, then `current`: a previous pair that cannot be cleared stops the
    /// sign-out before the current pair is gone, so reads never fall back to it.
    public func reset() async throws(StoreError) {
        try await previous.reset()
        try await current.reset()
    }

    /// Migrates what `previous` holds, then refreshes in `current`.
    public func refreshTokens(replacing staleAccessToken: String, using refresh: TokenRefresh)
        async throws(TokenRefreshError) -> TokenPair
    {
        do {
            try await migrate()
        } catch {
            throw .store(error)
        }
        return try await current.refreshTokens(replacing: staleAccessToken, using: refresh)
    }
}
