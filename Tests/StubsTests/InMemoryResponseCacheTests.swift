import Foundation
import Ports
import Stubs
import TestSupport
import Testing

@Suite("Response-cache contract: InMemoryResponseCache")
struct InMemoryResponseCacheContractTests {
    @Test(arguments: ResponseCacheContract.cases)
    func contract(_ check: ResponseCacheContract) async throws {
        try await check.run(on: InMemoryResponseCache())
    }
}

@Suite("The built-in mock API's catalogue validators")
struct StubAPICatalogueValidatorTests {
    static func episodes(ifNoneMatch: String?) async throws -> HTTPResponse {
        var request = HTTPRequest(
            method: "GET", url: URL(string: StubAPITransport.embeddedBaseURL.absoluteString + "/episodes")!,
            headers: ["X-API-TOKEN": StubConnection.apiToken])
        request.headers["If-None-Match"] = ifNoneMatch
        return try await StubAPITransport(apiToken: StubConnection.apiToken).send(request)
    }

    @Test func theCatalogueCarriesAnETagAndMaxAgeAndAMatchIsA304() async throws {
        let first = try await Self.episodes(ifNoneMatch: nil)
        let tag = try #require(first.headers["ETag"])
        #expect(first.status == 200 && !first.body.isEmpty)
        #expect(first.headers["Cache-Control"] == "max-age=60")
        let second = try await Self.episodes(ifNoneMatch: tag)
        #expect(second.status == 304 && second.body.isEmpty)
        #expect(second.headers["ETag"] == tag)
        #expect(try await Self.episodes(ifNoneMatch: "\"other\"").status == 200)
    }
}
