import Ports
import Synchronization

/// A dictionary-backed ``KeyValueStore`` for previews and the embedded default.
///
/// Exclusive access excludes the tasks of this process, which is all an in-memory
/// store is shared with.
public final class InMemoryKeyValueStore: KeyValueStore {
    private let values: Mutex<[String: String]>
    private let exclusiveAccess = AsyncLock()

    /// Creates a store holding `values`.
    public init(_ values: [String: String] = [:]) {
        self.values = Mutex(values)
    }

    /// The stored values of `keys`, read under one lock.
    public func values(forKeys keys: [String]) -> [String: String] {
        values.withLock { values in values.filter { keys.contains($0.key) } }
    }

    /// Applies every change under one lock.
    public func apply(_ changes: [String: String?]) {
        values.withLock { values in
            for (key, value) in changes { values[key] = value }
        }
    }

    /// Runs `body` on a copy while holding the store's ``AsyncLock``, then stores the copy.
    public func withExclusiveAccess<T: Sendable>(
        _ body: (inout [String: String]) async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        try await exclusiveAccess.withLock { () async throws(StoreError) -> T in
            var copy = values.withLock { $0 }
            let result = try await body(&copy)
            let final = copy
            values.withLock { $0 = final }
            return result
        }
    }
}
