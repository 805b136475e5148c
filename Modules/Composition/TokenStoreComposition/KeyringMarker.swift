import Domain
import Ports
import Stores

/// The token file's note that a server's session lives in the keyring — a label, never a
/// token — so that a run where no keyring answers (over ssh, say) can say where the
/// session is instead of looking signed out.
struct KeyringMarker: Sendable {
    /// The token file's store.
    let file: any KeyValueStore
    let origin: Origin
    /// `<origin>#keyring`.
    var key: String { "\(origin)#keyring" }

    /// Notes (or, with `nil`, forgets) that the session lives in the keyring `label`.
    func record(_ label: String?) async throws(StoreError) {
        guard try await file.value(forKey: key) != label else { return }
        try await file.setValue(label, forKey: key)
    }
}

/// The keyring's token store, keeping the token file's `KeyringMarker` in step with it:
/// noted when a pair is stored, forgotten when it is removed. A note that cannot be
/// written is told to `notices` and fails nothing (the pair is safe in the keyring).
struct MarkedTokenStore: TokenStore {
    let keyring: KeyValueTokenStore
    let marker: KeyringMarker
    let label: String
    let notices: @Sendable (String) -> Void

    func tokens() async throws(StoreError) -> TokenPair? {
        try await keyring.tokens()
    }

    func session() async throws(StoreError) -> StoredSession? {
        try await keyring.session()
    }

    func setTokens(_ tokens: TokenPair) async throws(StoreError) {
        try await keyring.setTokens(tokens)
        await note(label)
    }

    func setSessionIfAbsent(_ session: StoredSession) async throws(StoreError) {
        try await keyring.setSessionIfAbsent(session)
        await note(label)
    }

    func reset() async throws(StoreError) {
        try await keyring.reset()
        await note(nil)
    }

    func reset(ifStill tokens: TokenPair) async throws(StoreError) {
        try await keyring.reset(ifStill: tokens)
        if try await keyring.tokens() == nil { await note(nil) }
    }

    func refreshTokens(replacing staleAccessToken: String, using refresh: TokenRefresh)
        async throws(TokenRefreshError) -> TokenPair
    {
        try await keyring.refreshTokens(replacing: staleAccessToken, using: refresh)
    }

    private func note(_ label: String?) async {
        do {
            try await marker.record(label)
        } catch {
            notices("The token file could not note where the session lives: \(error)")
        }
    }
}
