import AsyncPrimitives
import Domain
import Ports
import PrivateFiles

/// A ``/Ports/KeyValueStore`` in the user's keyring, over the Secret Service (GNOME Keyring,
/// KWallet, KeePassXC): the Linux desktop's keychain.
///
/// - Items: one per API origin, in the default collection, under the schema
///   `com.cocoacasts.Session` with the attributes `application=cocoacasts` and
///   `origin=<origin>`, labelled "Cocoacasts sign-in for <origin>". Its secret is a JSON
///   object of that origin's values (the token pair and the account), so the values of one
///   origin are written together, in one call, or not at all. A key `<origin>#<name>` is the
///   value `<name>` of `<origin>`'s item.
/// - Across processes: every read-modify-write holds an `flock` on a lock file (created
///   0600 in a private directory, with the token file's checks), as the file store does,
///   so a refresh stays single-flight whichever store holds the pair.
/// - Never prompts: a locked collection refuses every use with a ``/Domain/StoreError`` that says
///   to unlock it or choose the file store; nothing falls back to a file behind the
///   user's back. Every call is bounded by `KeyringCalls/deadline`; a write cut off by
///   it may still land once the keyring answers (cancelling cannot take back a message
///   already sent), so the caller hears of a failure whose outcome is unknown.
public struct SecretServiceStore: KeyValueStore {
    /// The collection's label ("Login") and D-Bus object path.
    public let collectionLabel: String
    public let collectionPath: String
    /// Why the keyring refuses every use (locked, no default collection, not answering), if it does.
    public let refusal: StoreError?
    let calls: KeyringCalls
    let items: KeyringItems
    let lock: FileLock
    /// Shared by the store's copies.
    private let exclusiveAccess = AsyncLock()
    /// The `application` attribute of the store's items.
    var application: String { items.application }

    /// The values of `keys`, from one search of each origin they name.
    public func values(forKeys keys: [String]) async throws(StoreError) -> [String: String] {
        var all: [String: String] = [:]
        for origin in Set(keys.map { ItemKey($0).origin }) {
            all.merge(try await read(origin: origin)) { _, new in new }
        }
        return all.filter { keys.contains($0.key) }
    }

    /// Every value of every origin.
    public func allValues() async throws(StoreError) -> [String: String] {
        try await read(origin: nil)
    }

    /// Runs `body` on a fresh copy of every value holding the in-process lock and then the
    /// lock file; writes back each origin whose values changed (an origin left with none
    /// loses its item).
    public func withExclusiveAccess<T: Sendable>(
        _ body: (inout [String: String]) async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        if let refusal { throw refusal }
        return try await exclusiveAccess.withLock { () async throws(StoreError) -> T in
            try PrivateDirectory(path: Path.parent(of: lock.path)).ensure()
            let descriptor = try await lock.acquire()
            defer { lock.release(descriptor) }
            let original = try await read(origin: nil)
            var values = original
            let result = try await body(&values)
            let before = ItemKey.grouped(original)
            let after = ItemKey.grouped(values)
            for origin in Set(before.keys).union(after.keys).sorted() where before[origin] != after[origin] {
                if let contents = after[origin] {
                    try await write(contents, origin: origin)
                } else {
                    try await remove(origin: origin)
                }
            }
            return result
        }
    }

    /// Moves items whose secret does not parse out of the way, kept in the keyring under
    /// `application=cocoacasts-set-aside`, so that the next sign-in starts afresh.
    public func setAsideCorruptContent() async throws(StoreError) {
        if let refusal { throw refusal }
        for found in try await search(origin: nil) {
            guard let secret = found.secret, ItemKey.decode(secret) == nil else { continue }
            let label = "Cocoacasts sign-in for \(found.origin) that could not be read, set aside"
            try await call { items, cancellable in
                items.store(secret, origin: found.origin, setAside: true, label: label, cancellable: cancellable)
            }
            try await remove(origin: found.origin)
        }
    }

    // MARK: - Items

    private func read(origin: String?) async throws(StoreError) -> [String: String] {
        if let refusal { throw refusal }
        var values: [String: String] = [:]
        for found in try await search(origin: origin) {
            guard let secret = found.secret else { throw locked }
            guard let contents = ItemKey.decode(secret) else {
                throw .corrupt(
                    path: "\(collectionPath) (\(Self.label(found.origin)))",
                    detail: "the item's secret is not the JSON object of values it should be")
            }
            for (name, value) in contents { values[ItemKey(origin: found.origin, name: name).key] = value }
        }
        return values
    }

    private func search(origin: String?) async throws(StoreError) -> [KeyringItems.Found] {
        try await call { items, cancellable in items.search(origin: origin, cancellable: cancellable) }
    }

    private func write(_ contents: [String: String], origin: String) async throws(StoreError) {
        let secret: String
        do {
            secret = try ItemKey.encode(contents)
        } catch {
            throw .io(path: collectionPath, detail: "the values could not be encoded (\(error))")
        }
        try await call { items, cancellable in
            items.store(secret, origin: origin, label: Self.label(origin), cancellable: cancellable)
        }
    }

    private func remove(origin: String) async throws(StoreError) {
        try await call { items, cancellable in items.clear(origin: origin, cancellable: cancellable) }
    }

    /// The label a person sees in Seahorse or KWallet.
    static func label(_ origin: String) -> String {
        "Cocoacasts sign-in for \(origin.isEmpty ? "the default server" : origin)"
    }

    /// Runs one call on the keyring's thread and words its failure.
    private func call<T: Sendable>(
        _ work: @escaping @Sendable (KeyringItems, Pointer) -> Result<T, KeyringCalls.Failure>
    ) async throws(StoreError) -> T {
        let items = items
        switch await calls.run({ cancellable in work(items, cancellable) }) {
        case .success(let value): return value
        case .failure(.timedOut): throw Self.timedOut(path: collectionPath, after: calls.deadline)
        case .failure(.failed(let message)) where message.containsIgnoringASCIICase("locked"): throw locked
        case .failure(.failed(let message)):
            throw .io(path: collectionPath, detail: "the keyring refused: \(message)")
        }
    }

    private var locked: StoreError {
        Self.locked(path: collectionPath, label: collectionLabel)
    }

    static func locked(path: String, label: String) -> StoreError {
        .io(
            path: path,
            detail: "the keyring “\(label)” is locked. Unlock it (sign in to the desktop, or open Passwords and "
                + "Keys)")
    }

    static func timedOut(path: String, after deadline: Duration) -> StoreError {
        .io(
            path: path,
            detail: "the keyring did not answer within \(deadline.components.seconds) s. Check that it is running")
    }
}
