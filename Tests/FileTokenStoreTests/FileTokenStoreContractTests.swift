import FileTokenStore
import TestSupport
import Testing

@Suite("Token-store contract: FileTokenStore")
struct FileTokenStoreContractTests {
    @Test(arguments: TokenStoreContract.cases)
    func contract(_ check: TokenStoreContract) async throws {
        try await TemporaryDirectory.with { directory in
            try await check.run(on: StoreFixture.store(in: directory))
        }
    }
}

@Suite("Key-value store contract: FileKeyValueStore")
struct FileKeyValueStoreContractTests {
    @Test(arguments: KeyValueStoreContract.cases)
    func contract(_ check: KeyValueStoreContract) async throws {
        try await TemporaryDirectory.with { directory in
            try await check.run(on: FileKeyValueStore(fileURL: StoreFixture.credentials(in: directory)))
        }
    }
}
