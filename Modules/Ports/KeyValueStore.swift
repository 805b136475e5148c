/// String keys to string values: what a token store stores into.
///
/// The keychain, a file and a dictionary can all be one. A multi-key write is atomic, and
/// ``withExclusiveAccess(_:)`` gives read-modify-write access that excludes every other
/// user of the same store — other tasks, and other processes where the adapter can.
public protocol KeyValueStore: Sendable {
    /// The value stored for `key`, or `nil`.
    func value(forKey key: String) throws(StoreError) -> String?

    /// Applies all changes at once: a value sets its key, `nil` removes it. A reader sees
    /// either none or all of them.
    func apply(_ changes: [String: String?]) throws(StoreError)

    /// Runs `body` on a fresh copy of every stored value while holding the store's
    /// exclusive access, then stores what `body` left in the copy. `body` may suspend
    /// (for a network call); other writers wait until it returns.
    func withExclusiveAccess<T: Sendable>(
        _ body: (inout [String: String]) async throws(StoreError) -> T
    ) async throws(StoreError) -> T
}

extension KeyValueStore {
    /// Sets one value; `nil` removes the key.
    public func setValue(_ value: String?, forKey key: String) throws(StoreError) {
        try apply([key: value])
    }
}
