import Domain
import Ports
import Synchronization

/// Wraps a ``KeyValueStore`` and records every change it applied: an ``apply(_:)``, or
/// an exclusive access that changed something, as one change each; and counts the
/// exclusive accesses, which lock a file store.
public final class SpyKeyValueStore: KeyValueStore {
    /// The store that holds the values.
    public let store: any KeyValueStore
    private let changes = Mutex<[[String: String?]]>([])
    private let accesses = Mutex(0)

    /// A spy of `store`.
    public init(_ store: any KeyValueStore) {
        self.store = store
    }

    /// Every change applied so far, oldest first.
    public var appliedChanges: [[String: String?]] { changes.withLock { $0 } }

    /// How many exclusive accesses were asked for so far, changing something or not.
    public var exclusiveAccesses: Int { accesses.withLock { $0 } }

    public func values(forKeys keys: [String]) async throws(StoreError) -> [String: String] {
        try await store.values(forKeys: keys)
    }

    public func allValues() async throws(StoreError) -> [String: String] {
        try await store.allValues()
    }

    public func apply(_ changes: [String: String?]) async throws(StoreError) {
        try await store.apply(changes)
        self.changes.withLock { $0.append(changes) }
    }

    public func withExclusiveAccess<T: Sendable>(
        _ body: (inout [String: String]) async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        accesses.withLock { $0 += 1 }
        var changed: [String: String?] = [:]
        let result = try await store.withExclusiveAccess { (copy: inout [String: String]) throws(StoreError) -> T in
            let original = copy
            let result = try await body(&copy)
            for key in Set(original.keys).union(copy.keys) where original[key] != copy[key] {
                changed[key] = .some(copy[key])
            }
            return result
        }
        if !changed.isEmpty { changes.withLock { [changed] in $0.append(changed) } }
        return result
    }
}
