import Domain
import Ports
import Synchronization

/// An in-memory ``KeyValueStore`` that records every write and can be told to fail.
public final class SpyKeyValueStore: KeyValueStore {
    private struct State {
        var values: [String: String]
        var appliedChanges: [[String: String?]] = []
        var failure: StoreError?
        var writeFailure: StoreError?
        var failingWrites = 0
    }

    private let state: Mutex<State>
    private let exclusiveAccess = AsyncLock()

    /// Creates a store holding `values`.
    public init(_ values: [String: String] = [:]) {
        state = Mutex(State(values: values))
    }

    /// Everything stored now.
    public var values: [String: String] { state.withLock { $0.values } }

    /// Every atomic change applied so far, oldest first (exclusive-access writes included).
    public var appliedChanges: [[String: String?]] { state.withLock { $0.appliedChanges } }

    /// Makes every later operation throw `error`, or succeed again when `nil`.
    public func fail(with error: StoreError?) {
        state.withLock { $0.failure = error }
    }

    /// Makes the next `times` writes throw `error` (reads still succeed), or every write
    /// succeed again when `nil`: a full disk.
    public func failWrites(with error: StoreError?, times: Int = .max) {
        state.withLock { state in
            state.writeFailure = error
            state.failingWrites = error == nil ? 0 : times
        }
    }

    /// The stored values, or the injected failure.
    public func values(forKeys keys: [String]) async throws(StoreError) -> [String: String] {
        try state.withLock { state throws(StoreError) in
            if let failure = state.failure { throw failure }
            return state.values.filter { keys.contains($0.key) }
        }
    }

    /// Applies and records the changes, or throws the injected failure.
    public func apply(_ changes: [String: String?]) async throws(StoreError) {
        try state.withLock { state throws(StoreError) in
            if let failure = state.failure { throw failure }
            try Self.failWriteIfTold(&state)
            Self.apply(changes, to: &state)
        }
    }

    /// Runs `body` on a copy under an ``AsyncLock``, then applies what changed.
    public func withExclusiveAccess<T: Sendable>(
        _ body: (inout [String: String]) async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        try await exclusiveAccess.withLock { () async throws(StoreError) -> T in
            var copy = try state.withLock { state throws(StoreError) in
                if let failure = state.failure { throw failure }
                return state.values
            }
            let result = try await body(&copy)
            let final = copy
            try state.withLock { state throws(StoreError) in
                var changes: [String: String?] = [:]
                for key in Set(state.values.keys).union(final.keys) where state.values[key] != final[key] {
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
