import Domain
import Ports
import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension KeyValueTokenStore {
    /// `origin`'s tokens in the credentials file: the keychain's stand-in, a
    /// ``/Stores/KeyValueTokenStore`` scoped by API origin over a ``FileKeyValueStore`` (so a token
    /// one server issued is never offered to another), safe across processes.
    ///
    /// - Parameters:
    ///   - fileURL: by default `$XDG_CONFIG_HOME/cocoacasts/credentials.json`.
    ///   - lockTimeout: how long to wait for another process's lock.
    ///   - notices: told when a new sign-in moved a file that did not parse aside, and when
    ///     the pair a refresh brought could not be saved.
    public static func credentialsFile(
        at fileURL: URL = CredentialsLocation.defaultFile(), origin: Origin,
        lockTimeout: Duration = FileKeyValueStore.defaultLockTimeout,
        notices: @escaping @Sendable (String) -> Void = { _ in }
    ) -> KeyValueTokenStore {
        KeyValueTokenStore(
            store: FileKeyValueStore(fileURL: fileURL, lockTimeout: lockTimeout, notices: notices),
            scope: origin.description,
            unsaved: { error in
                notices(
                    "The session the server just renewed could not be saved. \(error) This command goes on "
                        + "with it, but the next one may have to sign in again.")
            })
    }

    /// The earlier release's tokens for `origin`, for ``/Stores/MigratingTokenStore``'s `previous`.
    public static func legacyCredentialsFile(
        at fileURL: URL = CredentialsLocation.legacyFile(), origin: Origin,
        defaultBaseURL: URL = CredentialsFormat.legacySeriesBaseURL
    ) -> KeyValueTokenStore {
        let file = FileKeyValueStore(fileURL: fileURL, format: .legacy(defaultBaseURL: defaultBaseURL))
        return KeyValueTokenStore(store: file, scope: origin.description)
    }
}
