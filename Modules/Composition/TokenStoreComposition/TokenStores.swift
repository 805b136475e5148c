import Domain
import FileTokenStore
import Ports
import SecretServiceStore
import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The token stores of one run of an app: the store in use (the keyring where one answers,
/// else the token file), and what the app says of it.
///
/// The whole choice in one call, so that every app composes the same store:
///
/// ```swift
/// let stores = try await TokenStores.make(
///     choice: .auto, chosenBy: "the default", file: CredentialsLocation.defaultFile(environment: environment),
///     legacyFile: CredentialsLocation.legacyFile(environment: environment), origin: origin,
///     lockTimeout: .seconds(35), environment: environment, notices: { print($0) })
/// let api = APIClient(configuration: configuration, tokenStore: stores.tokenStore, transport: transport)
/// ```
public struct TokenStores: Sendable {
    public let tokenStore: any TokenStore
    /// The store in use as itself: the account's name, and every server's sessions.
    public let accountStore: KeyValueTokenStore
    public let inUse: TokenStoreInUse
    /// The keyring's label when the token file notes that this server's session lives in a
    /// keyring that does not answer here.
    public let unreachableKeyring: String?
    /// The store not in use, when it can be reached, so that signing out clears it too.
    public let other: @Sendable () async -> (any TokenStore)?
}

extension TokenStores {
    /// The token stores `choice` picks (see ``TokenStoreChoice``). With the keyring, the token
    /// file and the earlier release's file are migrated into it on the first read; with the
    /// file, the earlier release's file is migrated on the first refresh.
    ///
    /// - Parameters:
    ///   - chosenBy: the setting that chose, in its own words, for messages (`--token-store keyring`).
    ///   - file: the token file; its directory also holds the keyring's lock.
    ///   - legacyFile: the earlier release's token file.
    ///   - lockTimeout: how long to wait for another process's lock on a store.
    ///   - environment: where the session bus is found.
    ///   - notices: told what the user should know (a file set aside, a pair that could not be saved).
    public static func make(
        choice: TokenStoreChoice, chosenBy: String, file fileURL: URL, legacyFile: URL, origin: Origin,
        lockTimeout: Duration, environment: [String: String], notices: @escaping @Sendable (String) -> Void
    ) async throws(KeyringUnavailableError) -> TokenStores {
        let fileTokens = KeyValueTokenStore.credentialsFile(
            at: fileURL, origin: origin, lockTimeout: lockTimeout, notices: notices)
        let files = MigratingTokenStore(
            current: fileTokens, previous: KeyValueTokenStore.legacyCredentialsFile(at: legacyFile, origin: origin),
            leftover: { notices("The earlier release's token file could not be removed: \($0)") })
        let marker = KeyringMarker(file: FileKeyValueStore(fileURL: fileURL, lockTimeout: lockTimeout), origin: origin)
        let lockFile = fileURL.deletingLastPathComponent().appendingPathComponent("keyring.lock").path
        let openKeyring = { @Sendable () async -> Result<SecretServiceStore, KeyringUnavailable> in
            if let problem = sessionBusProblem(environment) { return .failure(problem) }
            return await Keyring.open(lockFile: lockFile, lockTimeout: lockTimeout)
        }
        // Marked, so that the token file notes and forgets the keyring's session with it.
        let keyringTokens = { @Sendable (keyring: SecretServiceStore) in
            MarkedTokenStore(
                keyring: KeyValueTokenStore(
                    store: keyring, scope: origin.description,
                    unsaved: {
                        notices("The session the server just renewed could not be saved in the keyring. \($0)")
                    }),
                marker: marker, label: keyring.collectionLabel, notices: notices)
        }

        if choice == .file {
            return TokenStores(
                tokenStore: files, accountStore: fileTokens,
                inUse: TokenStoreInUse(kind: .file, place: fileURL.path, reason: "chosen with \(chosenBy)"),
                unreachableKeyring: nil,
                other: {
                    // A keyring that refuses says why when signout tries it.
                    guard case .success(let keyring) = await openKeyring() else { return nil }
                    return keyringTokens(keyring)
                })
        }
        switch await openKeyring() {
        case .success(let keyring):
            let marked = keyringTokens(keyring)
            return TokenStores(
                tokenStore: MigratingTokenStore(current: marked, previous: files, migratesOnRead: true),
                accountStore: marked.keyring,
                inUse: TokenStoreInUse(kind: .keyring, place: keyring.collectionLabel, reason: nil),
                unreachableKeyring: nil, other: { nil })
        case .failure(let reason):
            guard choice == .auto else {
                throw KeyringUnavailableError(chosenBy: chosenBy, reason: reason)
            }
            return TokenStores(
                tokenStore: files, accountStore: fileTokens,
                inUse: TokenStoreInUse(kind: .file, place: fileURL.path, reason: reason.description),
                unreachableKeyring: await unreachableKeyring(marker: marker, fileTokens: fileTokens), other: { nil })
        }
    }

    /// Why no keyring can answer without asking: no session bus in the environment (a run
    /// over ssh, in a container, in CI). GLib finds the bus by the same two variables.
    public static func sessionBusProblem(_ environment: [String: String]) -> KeyringUnavailable? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return nil }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
            FileManager.default.fileExists(atPath: runtime + "/bus")
        {
            return nil
        }
        return .noService("DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus")
    }

    /// The keyring the token file notes this server's session lives in, when the file holds
    /// no pair of its own; a file that cannot be read says nothing here (its own error
    /// comes with the first use).
    private static func unreachableKeyring(marker: KeyringMarker, fileTokens: KeyValueTokenStore) async -> String? {
        do {
            guard try await fileTokens.tokens() == nil else { return nil }
            return try await marker.file.value(forKey: marker.key)  // the keyring's label, if noted
        } catch {
            return nil
        }
    }
}
