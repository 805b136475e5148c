import CSecret
import Dispatch
import Domain
import PrivateFiles

/// Opens the session's keyring: the Secret Service on the session bus, over libsecret
/// loaded at run time.
public enum Keyring {
    /// How long one keyring call may take unless told otherwise.
    public static let defaultDeadline: Duration = .seconds(10)

    /// The store over the default collection, or why no keyring serves this process.
    ///
    /// A keyring that answers is a store even when it refuses to be used (locked, no
    /// default collection, too slow to answer): its ``SecretServiceStore/refusal`` then
    /// fails every use, so the tokens never move to a file unasked.
    ///
    /// - Parameters:
    ///   - lockFile: the lock every process takes for a read-modify-write (its directory is
    ///     created private when missing).
    ///   - lockTimeout: how long to wait for another process's lock (another's refresh).
    ///   - deadline: the longest one keyring call may take.
    ///   - application: the `application` attribute of the store's items; tests give each
    ///     store its own, so that stores in one keyring never see each other's items.
    public static func open(
        lockFile: String, lockTimeout: Duration = .seconds(35), deadline: Duration = defaultDeadline,
        application: String = "cocoacasts"
    ) async
        -> Result<SecretServiceStore, KeyringUnavailable>
    {
        let library: LibSecret
        // The first load maps libsecret, GIO, GObject and GLib: off the concurrency pool.
        let loaded = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: LibSecret.shared) }
        }
        switch loaded {
        case .success(let loaded): library = loaded
        case .failure(let reason): return .failure(reason)
        }
        let calls = KeyringCalls(library: library, deadline: deadline)
        let connection: Connection
        switch await calls.run({ cancellable in connect(library, cancellable: cancellable) }) {
        case .success(.absent(let reason)):
            return .failure(reason)
        case .failure(.failed(let reason)):
            connection = Connection(
                service: Pointer(raw: nil),
                refusal: .io(path: Connection.defaultPath, detail: "the keyring refused a session: \(reason)"))
        case .failure(.timedOut):
            connection = Connection(
                service: Pointer(raw: nil),
                refusal: SecretServiceStore.timedOut(path: Connection.defaultPath, after: deadline))
        case .success(.connected(let connected)):
            connection = connected
        }
        return .success(
            SecretServiceStore(
                collectionLabel: connection.label, collectionPath: connection.path, refusal: connection.refusal,
                calls: calls,
                items: KeyringItems(
                    library: library, service: connection.service, collectionPath: connection.path,
                    application: application),
                lock: FileLock(path: lockFile, timeout: lockTimeout)))
    }

    /// Whether a GLib error of `domain` and `code` means that nothing answers as the Secret
    /// Service: no bus to connect to (any `G_IO_ERROR`), or a bus without the service
    /// (`G_DBUS_ERROR`'s service unknown 2, name has no owner 3, bad address 6, no server
    /// 11, no network 13, disconnected 15). Anything else answered and refused: never
    /// replaced by the file unasked.
    public static func meansNoKeyring(domain: String, code: Int32) -> Bool {
        domain == "g-io-error-quark" || (domain == "g-dbus-error-quark" && [2, 3, 6, 11, 13, 15].contains(code))
    }

    /// What connecting found: a keyring, or why there is none for the tokens.
    private enum Connected: Sendable {
        case connected(Connection)
        case absent(KeyringUnavailable)
    }

    /// What connecting found: the service, and its default collection's label, path and, when
    /// the collection cannot be used (locked, unreadable), why.
    private struct Connection: Sendable {
        static let defaultPath = "/org/freedesktop/secrets/aliases/default"

        let service: Pointer
        var label = "default"
        var path = Connection.defaultPath
        let refusal: StoreError?
    }

    /// Opens a session with the service (which fails when nothing on the bus answers as
    /// `org.freedesktop.secrets`) and looks up the default collection.
    private static func connect(_ library: LibSecret, cancellable: Pointer) -> Result<
        Connected, KeyringCalls.Failure
    > {
        let functions = library.functions
        var error: UnsafeMutablePointer<CGError>?
        let flags = Int32(CSECRET_SERVICE_OPEN_SESSION | CSECRET_SERVICE_LOAD_COLLECTIONS)
        guard let service = functions.service_get_sync(flags, cancellable.raw, &error) else {
            let (message, absent) = library.take(error, meaningNoKeyring: meansNoKeyring)
            return absent ? .success(.absent(.noService(message))) : .failure(.failed(message))
        }
        // The service is libsecret's shared instance for the process: it stays referenced.
        let collection = functions.collection_for_alias_sync(
            service, "default", Int32(CSECRET_COLLECTION_NONE), cancellable.raw, &error)
        if let error {
            let detail = "the keyring's default collection could not be read: \(library.take(error).message)"
            return .success(
                .connected(
                    Connection(
                        service: Pointer(raw: service), refusal: .io(path: Connection.defaultPath, detail: detail))))
        }
        // A keyring without a default collection (one D-Bus activation started, say, on a
        // machine nobody logged in to) has nowhere to keep the tokens: no keyring for them.
        guard let collection else { return .success(.absent(.noCollection)) }
        defer { functions.object_unref(collection) }
        let labelText = functions.collection_get_label(collection)
        defer { functions.free(labelText) }
        let label = labelText.map { String(cString: $0) } ?? "default"
        let path = functions.proxy_get_object_path(collection).map { String(cString: $0) } ?? "default"
        let refusal =
            functions.collection_get_locked(collection) != 0
            ? SecretServiceStore.locked(path: path, label: label) : nil
        return .success(
            .connected(Connection(service: Pointer(raw: service), label: label, path: path, refusal: refusal)))
    }
}
