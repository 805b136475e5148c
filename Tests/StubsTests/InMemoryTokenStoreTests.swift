import Ports
import Stubs
import TestSupport
import Testing

@Suite("In-memory stores")
struct InMemoryTokenStoreTests {
    @Test("InMemoryTokenStore meets the token-store contract", arguments: TokenStoreContract.cases)
    func contract(_ check: TokenStoreContract) async throws {
        try await check.run(on: InMemoryTokenStore.make())
    }

    @Test func keyValueStoreAppliesChangesTogether() {
        let store = InMemoryKeyValueStore(["a": "1", "b": "2"])
        store.apply(["a": nil, "b": "3", "c": "4"])
        #expect(store.values(forKeys: ["a", "b", "c"]) == ["b": "3", "c": "4"])
    }
}
