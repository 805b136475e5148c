import PortContracts
import Ports
import Stores
import Stubs
import Testing

@Suite("InMemoryTokenStore")
struct InMemoryTokenStoreTests {
    @Test("meets the token-store contract", arguments: TokenStoreContract.cases)
    func contract(_ check: TokenStoreContract) async throws {
        try await check.run(on: KeyValueTokenStore.inMemory())
    }
}
