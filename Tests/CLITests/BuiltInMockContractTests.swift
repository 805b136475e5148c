import BuiltInMock
import CocoacastsAPI
import PortContracts
import Ports
import Stores
import Stubs
import Testing

@testable import cocoacasts

@Suite("APIService contract: the CLI's built-in default (APIClient over the in-process mock API)")
struct BuiltInMockContractTests {
    @Test(arguments: APIServiceContract.cases)
    func contract(_ check: APIServiceContract) async throws {
        let tokenStore = KeyValueTokenStore.inMemory()
        let services = Composition.make(
            configuration: try APIConfiguration(
                baseURL: BuiltInMockTransport.baseURL, apiToken: APIConfiguration.seriesAPIToken),
            transport: BuiltInMockTransport(apiToken: APIConfiguration.seriesAPIToken, state: InMemoryKeyValueStore()),
            tokenStore: tokenStore,
            accountStore: tokenStore, keptPositionsFile: InMemoryKeyValueStore(),
            observer: nil, isBuiltInMock: true)
        try await check.run(on: APIServiceSubject(service: services.api, tokenStore: services.tokenStore))
    }
}
