import Domain
import Foundation
import Ports

/// The keychain's stand-in: a ``TokenStore`` in the credentials file, scoped by API
/// origin, safe across processes (see ``FileKeyValueStore``).
///
/// Signing in again over a file that does not parse moves the bad file aside with a
/// timestamp, writes a new one and says so through `notices`; nothing else ever
/// replaces or removes a file it cannot read.
public struct FileTokenStore: TokenStore {
    /// The file underneath.
    public let file: FileKeyValueStore
    private let scoped: KeyValueTokenStore
    private let notices: @Sendable (String) -> Void

    /// Creates the store of `origin`'s tokens in `fileURL`.
    ///
    /// - Parameters:
    ///   - fileURL: by default `$XDG_CONFIG_HOME/cocoacasts/credentials.json`.
    ///   - origin: the API's origin; another origin's tokens are never read or offered.
    ///   - notices: told when a bad file was moved aside.
    public init(
        fileURL: URL = CredentialsLocation.defaultFile(), origin: Origin, lockTimeout: Duration = .seconds(35),
        notices: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        file = FileKeyValueStore(fileURL: fileURL, lockTimeout: lockTimeout)
        scoped = KeyValueTokenStore(store: file, scope: origin.description)
        self.notices = notices
    }

    /// The earlier release's tokens for `origin`, for ``MigratingTokenStore``'s `previous`.
    public static func legacy(
        fileURL: URL = CredentialsLocation.legacyFile(), origin: Origin,
        defaultBaseURL: URL = CredentialsFormat.legacySeriesBaseURL
    ) -> KeyValueTokenStore {
        let file = FileKeyValueStore(fileURL: fileURL, format: .legacy(defaultBaseURL: defaultBaseURL))
        return KeyValueTokenStore(store: file, scope: origin.description)
    }

    /// The stored pair of this origin.
    public func tokens() throws(StoreError) -> SignInResponse? {
        try scoped.tokens()
    }

    /// Stores a new sign-in; a file that does not parse is moved aside first.
    public func setTokens(_ newTokens: SignInResponse) throws(StoreError) {
        do {
            try scoped.setTokens(newTokens)
        } catch .corrupt(let path, let detail) {
            let movedTo = try file.moveAsideIfCorrupt()
            try scoped.setTokens(newTokens)
            if let movedTo {
                notices("The token file \(path) was not valid (\(detail)); it was moved to \(movedTo.path).")
            }
        }
    }

    /// Stores the pair unless one is stored.
    public func setTokensIfAbsent(_ newTokens: SignInResponse) async throws(StoreError) {
        try await scoped.setTokensIfAbsent(newTokens)
    }

    /// Removes this origin's pair.
    public func reset() throws(StoreError) {
        try scoped.reset()
    }

    /// The coordinated refresh, across tasks and processes.
    public func refreshTokens(replacing staleAccessToken: String, using refresh: TokenRefresh)
        async throws(TokenRefreshError) -> SignInResponse
    {
        try await scoped.refreshTokens(replacing: staleAccessToken, using: refresh)
    }
}
