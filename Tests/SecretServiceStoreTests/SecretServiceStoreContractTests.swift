import Domain
import Foundation
import PortContracts
import Ports
import SecretServiceStore
import Stores
import Testing

/// A store of the shared keyring with items of its own, and its lock in `directory`.
func makeStore(in directory: TemporaryDirectory) async throws -> SecretServiceStore? {
    guard try await SharedKeyring.keyring() != nil else { return nil }
    let application = "cocoacasts-test-\(UUID().uuidString.prefix(8))"
    let opened = await Keyring.open(
        lockFile: directory.file("config/keyring.lock").path, deadline: .seconds(60), application: application)
    let store = try opened.get()
    #expect(store.refusal == nil)
    return store
}

@Suite("Key-value store contract: SecretServiceStore")
struct SecretServiceStoreContractTests {
    @Test(arguments: KeyValueStoreContract.cases)
    func contract(_ check: KeyValueStoreContract) async throws {
        try await TemporaryDirectory.with { directory in
            guard let store = try await makeStore(in: directory) else { return }
            try await check.run(on: store)
        }
    }
}

@Suite("Token-store contract: KeyValueTokenStore over SecretServiceStore")
struct SecretServiceTokenStoreContractTests {
    @Test(arguments: TokenStoreContract.cases)
    func contract(_ check: TokenStoreContract) async throws {
        try await TemporaryDirectory.with { directory in
            guard let store = try await makeStore(in: directory) else { return }
            try await check.run(on: KeyValueTokenStore(store: store, scope: "http://127.0.0.1:8080"))
        }
    }
}
