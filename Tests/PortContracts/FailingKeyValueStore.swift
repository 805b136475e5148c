import Domain
import Ports
import Synchronization

/// Wraps a ``KeyValueStore`` and fails on request, as a corrupt, too open, locked or
/// read-only token file would, without a file: its reads, its writes or both throw a
/// chosen ``StoreError``. A failed write changes nothing.
public final class FailingKeyValueStore: KeyValueStore {
    private struct State {
        var readFailure: StoreError?
        var writeFailure: StoreError?
        var failingWrites = 0
    }

    /// The store that holds the values.
    public let store: any KeyValueStore
    private let state = Mutex(State())

    /// A store over `store` whose reads and writes succeed until told to fail.
    public init(_ store: any KeyValueStore) {
        self.store = store
    }

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

    public func values(forKeys keys: [String]) async throws(StoreError) -> [String: String] {
        try failReadIfTold()
        return try await store.values(forKeys: keys)
    }

    public func allValues() async throws(StoreError) -> [String: String] {
        try failReadIfTold()
        return try await store.allValues()
    }

    public func apply(_ changes: [String: String?]) async throws(StoreError) {
        try failWriteIfTold()
        try await store.apply(changes)
    }

    /// Throws the read failure before `body` runs, and the write failure instead of
    /// storing a copy that `body` changed.
    public func withExclusiveAccess<T: Sendable>(
        _ body: (inout [String: String]) async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        try failReadIfTold()
        return try await store.withExclusiveAccess { (copy: inout [String: String]) throws(StoreError) -> T in
            let original = copy
            let result = try await body(&copy)
            if copy != original { try failWriteIfTold() }
            return result
        }
    }

    private func failReadIfTold() throws(StoreError) {
        if let failure = state.withLock({ $0.readFailure }) { throw failure }
    }

    private func failWriteIfTold() throws(StoreError) {
        let failure = state.withLock { state -> StoreError? in
            guard let failure = state.writeFailure, state.failingWrites > 0 else { return nil }
            state.failingWrites -= 1
            return failure
        }
        if let failure { throw failure }
    }
}
