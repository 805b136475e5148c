import Domain

/// The only thing the HTTP client may know about token storage for plain requests.
///
/// It cannot read the refresh token or reset the store; tests can hand the client any
/// provider. Reading can fail — the store is locked, corrupt or unreadable — and says
/// so with a ``/Domain/StoreError``: a broken store never looks like a signed-out user. The read
/// is asynchronous so that a store may wait (for a lock, a keychain, a disk) without
/// blocking a thread.
public protocol AccessTokenProvider: Sendable {
    /// The current access token, or `nil` when nobody is signed in.
    var accessToken: String? { get async throws(StoreError) }
}
