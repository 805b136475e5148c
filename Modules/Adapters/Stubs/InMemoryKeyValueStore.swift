import AsyncPrimitives
import Domain
import Ports
import Synchronization

/// A dictionary-backed ``/Ports/KeyValueStore`` for previews, tests and any process-local use.
///
/// Exclusive access excludes the tasks of this process, which is all an in-memory store
/// is shared with. (A store that fails on request, or records its changes, is a test's
/// business: `FailingKeyValueStore` and `SpyKeyValueStore` in PortContracts wrap any store.)
public final class InMemoryKeyValueStore: KeyValueStore {
    private let state: Mutex<[String: String]>
    private let exclusiveAccess = AsyncLock()

    /// Creates a store holding `values`.
    public init(_ values: [String: String] = [:]) {
        state = Mutex(values)
    }

    /// Everything stored now.
    public var values: [String: String] { state.withLock { $0 } }

    public func allValues() async throws(StoreError) -> [String: String] {
        values
    }

    /// The stored values of `keys`, read under one lock.
    public func values(forKeys keys: [String]) async throws(StoreError) -> [String: String] {
        state.withLock { $0.filter { keys.contains($0.key) } }
    }

    /// Applies every change under one lock.
    public func apply(_ changes: [String: String?]) async throws(StoreError) {
        state.withLock { values in
            for (key, value) in changes { values[key] = value }
        }
    }

    /// Runs `body` on a copy while holding the store's ``/AsyncPrimitives/AsyncLock``, then stores the copy
    /// (nothing, when `body` throws).
    public func withExclusiveAccess<T: Sendable>(
        _ body: (inout [String: String]) async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        try await exclusiveAccess.withLock { () async throws(StoreError) -> T in
            var copy = values
            let result = try await body(&copy)
            let final = copy
            state.withLock { $0 = final }
            return result
        }
    }
}
