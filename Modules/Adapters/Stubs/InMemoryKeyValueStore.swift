import AsyncPrimitives
import Domain
import Ports
import Synchronization

/// A dictionary-backed ``KeyValueStore`` for previews, tests and any process-local use.
/// It records every change it applies, and it can be told to fail: its reads, its writes
/// or both throw a chosen ``StoreError``, as a corrupt, too open, locked or read-only
/// token file would, without a file.
///
/// A failed write changes nothing. Exclusive access excludes the tasks of this process,
/// which is all an in-memory store is shared with.
public final class InMemoryKeyValueStore: KeyValueStore {
    private struct State {
        var values: [String: String]
        var appliedChanges: [[String: String?]] = []
        var readFailure: StoreError?
        var writeFailure: StoreError?
        var failingWrites = 0
    }

    private let state: Mutex<State>
    private let exclusiveAccess = AsyncLock()

    /// Creates a store holding `values`, whose reads and writes succeed until told to fail.
    public init(_ values: [String: String] = [:]) {
        state = Mutex(State(values: values))
    }

    /// Everything stored now.
    public var values: [String: String] { state.withLock { $0.values } }

    /// Every change applied so far, oldest first (an exclusive access's as one change).
    public var appliedChanges: [[String: String?]] { state.withLock { $0.appliedChanges } }

    /// Makes every later read (exclusive access included) throw `error`, or succeed
    /// again when `nil`.
    public func failReads(with error: StoreError?) {
        state.withLock { $0.readFailure = error }
    }

    /// Makes the next `times` writes that change something throw `error`, leaving the
    /// values as they were (a full disk), or every write succeed again when `nil`.
    public func failWrites(with error: StoreError?, times: Int = .max) {
        state.withLock { state in
            state.writeFailure = error
            state.failingWrites = error == nil ? 0 : times
        }
    }

    /// Makes every later read and write throw `error`, or succeed again when `nil`.
    public func fail(with error: StoreError?) {
        failReads(with: error)
        failWrites(with: error)
    }

    /// Every stored value, or the read failure.
    public func allValues() async throws(StoreError) -> [String: String] {
        try state.withLock { state throws(StoreError) in
            if let failure = state.readFailure { throw failure }
            return state.values
        }
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
            try Self.failWriteIfTold(&state)
            Self.apply(changes, to: &state)
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
                var changes: [String: String?] = [:]
                for key in Set(original.keys).union(final.keys) where original[key] != final[key] {
                    changes[key] = .some(final[key])
                }
                guard !changes.isEmpty else { return }
                try Self.failWriteIfTold(&state)
                Self.apply(changes, to: &state)
            }
            return result
        }
    }

    private static func failWriteIfTold(_ state: inout State) throws(StoreError) {
        guard let failure = state.writeFailure, state.failingWrites > 0 else { return }
        state.failingWrites -= 1
        throw failure
    }

    private static func apply(_ changes: [String: String?], to state: inout State) {
        for (key, value) in changes { state.values[key] = value }
        state.appliedChanges.append(changes)
    }
}
