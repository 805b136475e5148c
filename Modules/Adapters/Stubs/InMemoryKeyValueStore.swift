import Domain
import Ports
import Synchronization

/// A dictionary-backed ``KeyValueStore`` for previews, the embedded default's tests and
/// any process-local use; it can be told to fail, for previews of a token store that
/// breaks: its reads, its writes or both throw a chosen ``StoreError``, as a corrupt,
/// too open, locked or read-only token file would, without a file.
///
/// A failed write changes nothing. Exclusive access excludes the tasks of this process,
/// which is all an in-memory store is shared with.
public final class InMemoryKeyValueStore: KeyValueStore {
    private struct State {
        var values: [String: String]
        var readFailure: StoreError?
        var writeFailure: StoreError?
    }

    private let state: Mutex<State>
    private let exclusiveAccess = AsyncLock()

    /// Creates a store holding `values`, whose reads and writes succeed until told to fail.
    public init(_ values: [String: String] = [:]) {
        state = Mutex(State(values: values))
    }

    /// Makes every later read (exclusive access included) throw `error`, or succeed
    /// again when `nil`.
    public func failReads(with error: StoreError?) {
        state.withLock { $0.readFailure = error }
    }

    /// Makes every later write that changes something throw `error`, leaving the values
    /// as they were, or succeed again when `nil`.
    public func failWrites(with error: StoreError?) {
        state.withLock { $0.writeFailure = error }
    }

    /// The stored values of `keys`, read under one lock, or the read failure.
    public func values(forKeys keys: [String]) async throws(StoreError) -> [String: String] {
        try state.withLock { state throws(StoreError) in
            if let failure = state.readFailure { throw failure }
            return state.values.filter { keys.contains($0.key) }
        }
    }

    /// Applies every change under one lock, or throws the write failure and applies none.
    public func apply(_ changes: [String: String?]) async throws(StoreError) {
        try state.withLock { state throws(StoreError) in
            if let failure = state.writeFailure { throw failure }
            for (key, value) in changes { state.values[key] = value }
        }
    }

    /// Runs `body` on a copy while holding the store's ``AsyncLock``, then stores the
    /// copy; throws the read failure before `body` runs, and the write failure instead of
    /// storing a copy that `body` changed.
    public func withExclusiveAccess<T: Sendable>(
        _ body: (inout [String: String]) async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        try await exclusiveAccess.withLock { () async throws(StoreError) -> T in
            let original = try state.withLock { state throws(StoreError) in
                if let failure = state.readFailure { throw failure }
                return state.values
            }
            var copy = original
            let result = try await body(&copy)
            let final = copy
            try state.withLock { state throws(StoreError) in
                guard final != original else { return }
                if let failure = state.writeFailure { throw failure }
                state.values = final
            }
            return result
        }
    }
}
