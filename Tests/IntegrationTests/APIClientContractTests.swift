import CocoacastsAPI
import PortContracts
import Testing

@Suite("APIService contract: APIClient over loopback TCP against Scripts/mock-api")
struct APIClientContractTests {
    @Test(arguments: APIServiceContract.cases)
    func contract(_ check: APIServiceContract) async throws {
        try await MockAPIServer.with { server async throws in
            let (client, store) = try LoopbackClient.make(server)
            try await check.run(on: APIServiceSubject(service: client, tokenStore: store))
        }
    }
}
