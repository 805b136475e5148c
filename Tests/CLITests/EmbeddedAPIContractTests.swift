import Combinators
import EmbeddedAPI
import FoundationHTTP
import Ports
import Stubs
import TestSupport
import Testing

@testable import cocoacasts

@Suite("APIService contract: the CLI's embedded default (APIClient over the in-process mock API)")
struct EmbeddedAPIContractTests {
    @Test(arguments: APIServiceContract.cases)
    func contract(_ check: APIServiceContract) async throws {
        let tokenStore = KeyValueTokenStore.inMemory()
        let services = Composition.make(
            configuration: try APIConfiguration(
                baseURL: EmbeddedAPITransport.embeddedBaseURL, apiToken: APIConfiguration.seriesAPIToken),
            transport: EmbeddedAPITransport(apiToken: APIConfiguration.seriesAPIToken, state: InMemoryKeyValueStore()),
            tokenStore: tokenStore,
            accountStore: tokenStore, pendingProgress: InMemoryKeyValueStore(),
            observer: nil, isEmbedded: true)
        try await check.run(on: APIServiceSubject(service: services.api, tokenStore: services.tokenStore))
    }
}
