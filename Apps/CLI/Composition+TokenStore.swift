import Domain
import FileTokenStore
import Ports
import Presentation
import SecretServiceStore
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which store holds the tokens, and why, as `status` and `--verbose` tell it.
struct TokenStoreInUse: Encodable, Equatable, Sendable {
    enum Kind: String, Encodable, Sendable {
        case keyring
        case file
    }

    let kind: Kind
    /// The keyring collection's label, or the token file's path.
    let place: String
    /// Why the file serves (the real reason), or `nil` for the keyring.
    let reason: String?

    /// `keyring (Login)`, or `file <path> (<reason>)`.
    var summary: String {
        switch kind {
        case .keyring: "keyring (\(place))"
        case .file: "file \(place)" + (reason.map { " (\($0))" } ?? "")
        }
    }

    /// `{"kind": "keyring", "collection": "Login", "reason": null}` or
    /// `{"kind": "file", "reason": "…"}`: the reason always present, null for the keyring.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        if kind == .keyring { try container.encode(place, forKey: .collection) }
        try container.encode(reason, forKey: .reason)
    }

    private enum CodingKeys: String, CodingKey {
        case kind
        case collection
        case reason
    }
}

/// The token stores of one run.
struct TokenStores {
    let tokenStore: any TokenStore
    /// The store in use as itself: the account's name, and every server's sessions.
    let accountStore: KeyValueTokenStore
    let inUse: TokenStoreInUse
    /// The keyring's label when the token file notes that this server's session lives in a
    /// keyring that does not answer here.
    let unreachableKeyring: String?
    /// The store not in use, when it can be reached, so that signing out clears it too.
    let other: @Sendable () async -> (any TokenStore)?
}

/// A keyring was chosen explicitly and none answers.
struct KeyringUnavailableError: Error, CustomStringConvertible {
    let chosenBy: String
    let reason: KeyringUnavailable

    var description: String {
        "The keyring was chosen (\(chosenBy)), but none can be used: \(reason). Run where a keyring answers "
            + "(a desktop session), or keep the tokens in a file with --token-store file."
    }
}

extension Composition {
    /// The token stores `settings` choose (see ``TokenStoreChoice``). With the keyring, the
    /// token file and the earlier release's file are migrated into it on the first read; with
    /// the file, the earlier release's file is migrated on the first refresh, as before.
    static func tokenStores(
        _ settings: Settings, file fileURL: URL, origin: Origin, lockTimeout: Duration,
        notices: @escaping @Sendable (String) -> Void
    ) async throws(KeyringUnavailableError) -> TokenStores {
        let fileTokens = KeyValueTokenStore.credentialsFile(
            at: fileURL, origin: origin, lockTimeout: lockTimeout, notices: notices)
        let files = MigratingTokenStore(
            current: fileTokens,
            previous: KeyValueTokenStore.legacyCredentialsFile(
                at: CredentialsLocation.legacyFile(environment: settings.environment), origin: origin),
            leftover: { notices("The earlier release's token file could not be removed: \($0)") })
        let marker = KeyringMarker(file: FileKeyValueStore(fileURL: fileURL, lockTimeout: lockTimeout), origin: origin)
        let lockFile = fileURL.deletingLastPathComponent().appendingPathComponent("keyring.lock").path
        let openKeyring = { @Sendable () async -> Result<SecretServiceStore, KeyringUnavailable> in
            if let problem = sessionBusProblem(settings.environment) { return .failure(problem) }
            return await Keyring.open(lockFile: lockFile, lockTimeout: lockTimeout)
        }
        let keyringTokens = { @Sendable (keyring: SecretServiceStore) in
            KeyValueTokenStore(
                store: keyring, scope: origin.description,
                unsaved: {
                    notices("The session the server just renewed could not be saved in the keyring. \($0.message)")
                })
        }

        if settings.tokenStore == .file {
            return TokenStores(
                tokenStore: files, accountStore: fileTokens,
                inUse: TokenStoreInUse(kind: .file, place: fileURL.path, reason: "chosen with \(choice(of: settings))"),
                unreachableKeyring: nil,
                other: {
                    guard case .success(let keyring) = await openKeyring() else { return nil }
                    // Marked, so that the token file forgets the keyring's session with it; a
                    // keyring that refuses says why when signout tries it.
                    return MarkedTokenStore(
                        keyring: keyringTokens(keyring), marker: marker, label: keyring.collectionLabel,
                        notices: notices)
                })
        }
        switch await openKeyring() {
        case .success(let keyring):
            let tokens = keyringTokens(keyring)
            let marked = MarkedTokenStore(
                keyring: tokens, marker: marker, label: keyring.collectionLabel, notices: notices)
            return TokenStores(
                tokenStore: MigratingTokenStore(current: marked, previous: files, migratesOnRead: true),
                accountStore: tokens,
                inUse: TokenStoreInUse(kind: .keyring, place: keyring.collectionLabel, reason: nil),
                unreachableKeyring: nil, other: { nil })
        case .failure(let reason):
            guard settings.tokenStore == .auto else {
                throw KeyringUnavailableError(chosenBy: choice(of: settings), reason: reason)
            }
            return TokenStores(
                tokenStore: files, accountStore: fileTokens,
                inUse: TokenStoreInUse(kind: .file, place: fileURL.path, reason: reason.description),
                unreachableKeyring: await unreachableKeyring(marker: marker, fileTokens: fileTokens), other: { nil })
        }
    }

    /// Why no keyring can answer without asking: no session bus in the environment (a run
    /// over ssh, in a container, in CI). GLib finds the bus by the same two variables.
    static func sessionBusProblem(_ environment: [String: String]) -> KeyringUnavailable? {
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
            return try await marker.label()
        } catch {
            return nil
        }
    }

    /// How the token store was chosen, in the words of the setting.
    private static func choice(of settings: Settings) -> String {
        let value = settings.tokenStore.rawValue
        return switch settings.sources[.tokenStore] {
        case .environment: "COCOACASTS_TOKEN_STORE=\(value)"
        case .configFile: "token-store \(value) in the config file"
        default: "--token-store \(value)"
        }
    }
}
