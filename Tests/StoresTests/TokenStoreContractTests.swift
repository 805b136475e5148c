import PortContracts
import Ports
import Stores
import Stubs
import Testing

/// The token-store contract against every store this module builds from its parts.
@Suite("Token-store contract")
struct TokenStoreContractTests {
    @Test("KeyValueTokenStore", arguments: TokenStoreContract.cases)
    func keyValueTokenStore(_ check: TokenStoreContract) async throws {
        try await check.run(on: KeyValueTokenStore(store: InMemoryKeyValueStore()))
    }

    @Test("KeyValueTokenStore, scoped", arguments: TokenStoreContract.cases)
    func scopedKeyValueTokenStore(_ check: TokenStoreContract) async throws {
        try await check.run(on: KeyValueTokenStore(store: InMemoryKeyValueStore(), scope: "http://127.0.0.1:8080"))
    }

    @Test("MigratingTokenStore", arguments: TokenStoreContract.cases)
    func migratingTokenStore(_ check: TokenStoreContract) async throws {
        let store = MigratingTokenStore(
            current: KeyValueTokenStore(store: InMemoryKeyValueStore()),
            previous: KeyValueTokenStore(store: InMemoryKeyValueStore()))
        try await check.run(on: store)
    }
}
