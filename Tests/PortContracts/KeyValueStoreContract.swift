import Domain
import Ports
import Testing

/// The behaviour every ``KeyValueStore`` must have (the memory, the file, the keyring);
/// each case starts from an empty store.
public typealias KeyValueStoreContract = Contract<any KeyValueStore>

extension Contract where Subject == any KeyValueStore {
    /// Every case of the contract.
    public static var cases: [KeyValueStoreContract] {
        [
            KeyValueStoreContract("an empty store has no values") { store async throws in
                #expect(try await store.allValues().isEmpty)
                #expect(try await store.values(forKeys: ["a", "o#b"]).isEmpty)
            },
            KeyValueStoreContract("values read back, and nil removes a key") { store async throws in
                try await store.apply(["o#accessToken": "one", "o#refreshToken": "two", "plain": "three"])
                #expect(
                    try await store.values(forKeys: ["o#accessToken", "o#refreshToken", "missing"])
                        == ["o#accessToken": "one", "o#refreshToken": "two"])
                try await store.apply(["o#accessToken": nil])
                #expect(try await store.allValues() == ["o#refreshToken": "two", "plain": "three"])
            },
            KeyValueStoreContract("scopes are independent") { store async throws in
                try await store.apply(["https://a#token": "a", "https://b#token": "b"])
                try await store.apply(["https://a#token": nil])
                #expect(try await store.allValues() == ["https://b#token": "b"])
                #expect(try await store.value(forKey: "https://b#token") == "b")
            },
            KeyValueStoreContract("exclusive access stores what the body left") { store async throws in
                try await store.setValue("1", forKey: "o#count")
                let seen = try await store.withExclusiveAccess { (values: inout [String: String]) in
                    defer { values["o#count"] = "2" }
                    return values["o#count"]
                }
                #expect(seen == "1")
                #expect(try await store.value(forKey: "o#count") == "2")
            },
            KeyValueStoreContract("a body that throws stores nothing") { store async throws in
                try await store.setValue("kept", forKey: "o#value")
                await #expect(throws: StoreError.self) {
                    try await store.withExclusiveAccess { (values: inout [String: String]) throws(StoreError) in
                        values["o#value"] = "lost"
                        throw StoreError.io(path: "test", detail: "the body failed")
                    }
                }
                #expect(try await store.value(forKey: "o#value") == "kept")
            },
            KeyValueStoreContract("concurrent read-modify-writes exclude each other") { store async throws in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<8 {
                        group.addTask {
                            try await store.withExclusiveAccess { (values: inout [String: String]) in
                                values["o#count"] = String(Int(values["o#count"] ?? "0")! + 1)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                #expect(try await store.value(forKey: "o#count") == "8")
            },
        ]
    }
}
