import Domain
import Ports

extension KeyValueTokenStore {
    /// A scope the store holds a pair for, and who signed in there when it was recorded.
    public struct SignedInScope: Equatable, Sendable {
        public let scope: String
        public let account: String?
    }

    /// Checks that the store can be written, changing nothing: its exclusive access taken and
    /// given back (a file's directory created, its lock taken and room for a write reserved).
    /// A read-only home, a full disk or a locked keyring is found before a password is asked.
    public func checkItCanBeWritten() async throws(StoreError) {
        try await store.checkItCanBeWritten()
    }

    /// The name of the account signed in, when one was recorded (see ``setAccount(_:)``).
    public func account() async throws(StoreError) -> String? {
        try await store.value(forKey: accountKey)
    }

    /// Records who signed in (after ``setTokens(_:)``); `nil` forgets it.
    public func setAccount(_ name: String?) async throws(StoreError) {
        try await store.setValue(name, forKey: accountKey)
    }

    /// Every scope of `store` holding a whole pair, sorted, with its account's name.
    public static func signedInScopes(in store: any KeyValueStore) async throws(StoreError) -> [SignedInScope] {
        let values = try await store.allValues()
        let suffix = "#accessToken"
        return values.keys.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }
            .filter { values[$0 + "#refreshToken"] != nil }.sorted()
            .map { SignedInScope(scope: $0, account: values[$0 + "#account"]) }
    }

    /// Every scope of this store's key-value store holding a pair (see ``signedInScopes(in:)``).
    public func signedInScopes() async throws(StoreError) -> [SignedInScope] {
        try await Self.signedInScopes(in: store)
    }
}

extension KeyValueStore {
    /// Checks that the store can be written, changing nothing: its exclusive access taken and
    /// given back (a file's directory created, its lock taken and room for a write reserved).
    public func checkItCanBeWritten() async throws(StoreError) {
        try await withExclusiveAccess { (_: inout [String: String]) throws(StoreError) in }
    }
}
