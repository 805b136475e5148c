import Foundation
import Ports
import Stubs
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Response-cache contract: InMemoryResponseCache")
struct InMemoryResponseCacheContractTests {
    @Test(arguments: ResponseCacheContract.cases)
    func contract(_ check: ResponseCacheContract) async throws {
        try await check.run(on: InMemoryResponseCache())
    }
}

@Suite("The built-in mock API's catalogue validators")
struct StubAPICatalogueValidatorTests {
    static func episodes(ifNoneMatch: String?) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: URL(string: StubAPITransport.embeddedBaseURL.absoluteString + "/episodes")!)
        request.setValue(StubConnection.apiToken, forHTTPHeaderField: "X-API-TOKEN")
        request.setValue(ifNoneMatch, forHTTPHeaderField: "If-None-Match")
        return try await StubAPITransport(apiToken: StubConnection.apiToken).send(request, maximumResponseSize: 1 << 20)
    }

    @Test func theCatalogueCarriesAnETagAndMaxAgeAndAMatchIsA304() async throws {
        let (body, first) = try await Self.episodes(ifNoneMatch: nil)
        let tag = try #require(first.value(forHTTPHeaderField: "ETag"))
        #expect(first.statusCode == 200 && !body.isEmpty)
        #expect(first.value(forHTTPHeaderField: "Cache-Control") == "max-age=60")
        let (empty, second) = try await Self.episodes(ifNoneMatch: tag)
        #expect(second.statusCode == 304 && empty.isEmpty)
        #expect(second.value(forHTTPHeaderField: "ETag") == tag)
        #expect(try await Self.episodes(ifNoneMatch: "\"other\"").1.statusCode == 200)
    }
}
