import Domain

/// String keys to string values: what a token store stores into.
///
/// The keychain, a file and a dictionary can all be one. A multi-key write is atomic, and
/// ``withExclusiveAccess(_:)`` gives read-modify-write access that excludes every other
/// user of the same store — other tasks, and other processes where the adapter can.
/// Every operation is asynchronous, so waiting for another user never blocks a thread.
public protocol KeyValueStore: Sendable {
    /// The values stored for `keys`, all read at one moment (a concurrent write shows in
    /// all of them or in none); missing keys are absent from the result.
    func values(forKeys keys: [String]) async throws(StoreError) -> [String: String]

    /// Every stored value, read at one moment.
    func allValues() async throws(StoreError) -> [String: String]

    /// Applies all changes at once: a value sets its key, `nil` removes it. A reader sees
    /// either none or all of them.
    func apply(_ changes: [String: String?]) async throws(StoreError)

    /// Runs `body` on a fresh copy of every stored value while holding the store's
    /// exclusive access, then stores what `body` left in the copy. `body` may suspend
    /// (for a network call); other writers wait until it returns.
    func withExclusiveAccess<T: Sendable>(
        _ body: (inout [String: String]) async throws(StoreError) -> T
    ) async throws(StoreError) -> T

    /// Moves content that does not parse out of the way (keeping it for the user), so
    /// that the next write starts afresh. Only a new sign-in and a sign-out call it: nothing
    /// else ever replaces what a store cannot read. Stores that cannot be corrupt need not
    /// implement it.
    func setAsideCorruptContent() async throws(StoreError)
}

extension KeyValueStore {
    /// Nothing to set aside: a store that cannot hold corrupt content.
    public func setAsideCorruptContent() async throws(StoreError) {}

    /// The value stored for `key`, or `nil`.
    public func value(forKey key: String) async throws(StoreError) -> String? {
        try await values(forKeys: [key])[key]
    }

    /// The values of `keys` among ``allValues()``: for a store that reads every value at once anyway.
    public func values(forKeys keys: [String]) async throws(StoreError) -> [String: String] {
        try await allValues().filter { keys.contains($0.key) }
    }

    /// Applies the changes under ``withExclusiveAccess(_:)``, on what the store holds at that moment.
    public func apply(_ changes: [String: String?]) async throws(StoreError) {
        try await withExclusiveAccess { (values: inout [String: String]) throws(StoreError) in
            for (key, value) in changes { values[key] = value }
        }
    }

    /// Sets one value; `nil` removes the key.
    public func setValue(_ value: String?, forKey key: String) async throws(StoreError) {
        try await apply([key: value])
    }
}
