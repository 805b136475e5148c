import Domain
import PortContracts
import Ports
import Stubs
import Testing

@Suite("InMemoryKeyValueStore: atomic changes and exclusive access")
struct InMemoryKeyValueStoreTests {
    static let readOnly = StoreError.io(path: "/tmp/credentials.json", detail: "Read-only file system")

    @Test func changesApplyTogether() async throws {
        let store = InMemoryKeyValueStore(["a": "1", "b": "2"])
        try await store.apply(["a": nil, "b": "3", "c": "4"])
        #expect(try await store.values(forKeys: ["a", "b", "c"]) == ["b": "3", "c": "4"])
    }

    @Test func exclusiveAccessStoresWhatTheBodyLeftAndNothingWhenItThrows() async throws {
        let store = InMemoryKeyValueStore(["a": "1"])
        let seen = try await store.withExclusiveAccess { values in
            defer { values["a"] = "2" }
            return values["a"]
        }
        #expect(seen == "1" && store.values == ["a": "2"])
        await #expect(throws: Self.readOnly) {
            try await store.withExclusiveAccess { (values: inout [String: String]) throws(StoreError) in
                values["a"] = "3"
                throw Self.readOnly
            }
        }
        #expect(store.values == ["a": "2"])
    }
}

@Suite("Key-value store contract: InMemoryKeyValueStore")
struct InMemoryKeyValueStoreContractTests {
    @Test(arguments: KeyValueStoreContract.cases)
    func contract(_ check: KeyValueStoreContract) async throws {
        try await check.run(on: InMemoryKeyValueStore())
    }
}
