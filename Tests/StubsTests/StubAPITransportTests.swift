import Domain
import Foundation
import Ports
import Stubs
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("StubAPITransport: the mock API in process")
struct StubAPITransportTests {
    @Test("answers as Scripts/mock-api does", arguments: MockAPIContract.cases)
    func contract(_ check: MockAPIContract) async throws {
        try await check.run(on: StubConnection())
    }

    @Test func tokensOutliveTheTransportThatIssuedThem() async throws {
        // Given one run of a program that signs in, keeping the stub's state in a shared store
        let state = InMemoryKeyValueStore()
        let tokens = try await StubConnection(state: state).signIn()
        // When the next run builds a new transport over the same store
        let nextRun = StubConnection(state: state)
        // Then the access token still works
        #expect(
            try await nextRun.get("/videos/\(MockAPIContract.knownVideoID)", bearer: tokens.accessToken).status == 200)
        #expect(try await nextRun.refresh(tokens.refreshToken).status == 200)
    }

    @Test func theCatalogIsTheFixtureByteForByte() async throws {
        let reply = try await StubConnection().send("GET", "/episodes")
        #expect(reply.body == (try Fixtures.data(named: "episodes-catalog")))
        #expect(reply.header("Content-Type") == "application/json")
    }

    @Test func aBodyOverTheLimitFailsLikeATransportShould() async throws {
        var request = URLRequest(url: URL(string: StubAPITransport.embeddedBaseURL.absoluteString + "/episodes")!)
        request.setValue(StubConnection.apiToken, forHTTPHeaderField: "X-API-TOKEN")
        let transport = StubAPITransport(apiToken: StubConnection.apiToken)
        await #expect(throws: URLError(.dataLengthExceedsMaximum)) {
            try await transport.send(request, maximumResponseSize: 100)
        }
    }

    @Test func aCancelledRequestFailsAsCancelled() async throws {
        let transport = StubAPITransport(apiToken: StubConnection.apiToken, latency: .seconds(30))
        let request = URLRequest(url: URL(string: StubAPITransport.embeddedBaseURL.absoluteString + "/episodes")!)
        let task = Task { try await transport.send(request, maximumResponseSize: 1 << 20) }
        task.cancel()
        await #expect(throws: URLError(.cancelled)) { try await task.value }
    }

    @Test func anotherAccountAndTokenLifetimeCanBeConfigured() async throws {
        let clock = ManualClock()
        let transport = StubAPITransport(
            apiToken: "t", account: .init(email: "ann@example.com", password: "pw"), accessTokenLifetime: 10,
            now: { clock.now })
        var request = URLRequest(url: URL(string: "https://any.host/api/v1/auth")!)
        request.httpMethod = "POST"
        request.setValue("t", forHTTPHeaderField: "X-API-TOKEN")
        request.setValue(
            "Basic " + Data("ann@example.com:pw".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        let (data, response) = try await transport.send(request, maximumResponseSize: 1 << 20)
        #expect(response.statusCode == 200)
        let tokens = try JSONDecoder().decode(TokenPair.self, from: data)
        var video = URLRequest(url: URL(string: "https://any.host/api/v1/videos/\(MockAPIContract.knownVideoID)")!)
        video.setValue("t", forHTTPHeaderField: "X-API-TOKEN")
        video.setValue("Bearer \(tokens.accessToken)", forHTTPHeaderField: "Authorization")
        #expect(try await transport.send(video, maximumResponseSize: 1 << 20).1.statusCode == 200)
        clock.advance(by: 11)
        #expect(try await transport.send(video, maximumResponseSize: 1 << 20).1.statusCode == 401)
    }
}
