import BuiltInMock
import Foundation
import PortContracts
import Ports
import Stubs
import Testing

@Suite("The built-in mock API's catalogue validators")
struct CatalogueValidatorTests {
    static func episodes(ifNoneMatch: String?) async throws -> HTTPResponse {
        var request = HTTPRequest(
            method: "GET", url: URL(string: BuiltInMockTransport.baseURL.absoluteString + "/episodes")!,
            headers: ["X-API-TOKEN": BuiltInMockConnection.apiToken])
        request.headers["If-None-Match"] = ifNoneMatch
        return try await BuiltInMockTransport(apiToken: BuiltInMockConnection.apiToken, state: InMemoryKeyValueStore())
            .send(request)
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
