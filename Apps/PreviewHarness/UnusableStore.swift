import Domain
import Ports
import Stubs

/// A ``Ports/KeyValueStore`` that fails as an unusable credentials file does — every read
/// with one ``StoreError``, every write that would change something with another — for
/// the previews that show those failures. The harness's own: injecting failures is no
/// business of the stores an app links.
struct UnusableStore: KeyValueStore {
    /// What the store holds, readable unless reads fail.
    let values: InMemoryKeyValueStore
    let readFailure: StoreError?
    let writeFailure: StoreError?

    /// A store holding `values` whose reads fail with `readFailure` and writes with `writeFailure`.
    init(_ values: [String: String] = [:], readFailure: StoreError? = nil, writeFailure: StoreError? = nil) {
        self.values = InMemoryKeyValueStore(values)
        self.readFailure = readFailure
        self.writeFailure = writeFailure
    }

    func values(forKeys keys: [String]) async throws(StoreError) -> [String: String] {
        if let readFailure { throw readFailure }
        return try await values.values(forKeys: keys)
    }

    func allValues() async throws(StoreError) -> [String: String] {
        if let readFailure { throw readFailure }
        return try await values.allValues()
    }

    func apply(_ changes: [String: String?]) async throws(StoreError) {
        if let writeFailure { throw writeFailure }
        try await values.apply(changes)
    }

    func withExclusiveAccess<T: Sendable>(
        _ body: (inout [String: String]) async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        if let readFailure { throw readFailure }
        return try await values.withExclusiveAccess { (copy: inout [String: String]) throws(StoreError) -> T in
            let original = copy
            let result = try await body(&copy)
            if let writeFailure, copy != original { throw writeFailure }
            return result
        }
    }
}
