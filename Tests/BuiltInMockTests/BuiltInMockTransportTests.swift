import BuiltInMock
import Digest
import Domain
import Foundation
import PortContracts
import Ports
import Stubs
import Testing

@Suite("BuiltInMockTransport: the mock API in process")
struct StubAPITransportTests {
    @Test("answers as Scripts/mock-api does", arguments: MockAPIContract.cases)
    func contract(_ check: MockAPIContract) async throws {
        try await check.run(on: BuiltInMockConnection())
    }

    @Test func tokensOutliveTheTransportThatIssuedThem() async throws {
        // Given one run of a program that signs in, keeping the stub's state in a shared store
        let state = InMemoryKeyValueStore()
        let tokens = try await BuiltInMockConnection(state: state).signIn()
        // When the next run builds a new transport over the same store
        let nextRun = BuiltInMockConnection(state: state)
        // Then the access token still works
        #expect(
            try await nextRun.get("/videos/\(MockAPIContract.knownVideoID)", bearer: tokens.accessToken).status == 200)
        #expect(try await nextRun.refresh(tokens.refreshToken).status == 200)
    }

    @Test func theStateKeepsDigestsNeverATokenItIssued() async throws {
        let state = InMemoryKeyValueStore()
        let connection = BuiltInMockConnection(state: state)
        let first = try await connection.signIn()
        #expect(try await connection.refresh(first.refreshToken).status == 200)
        let saved = try await state.allValues().values.joined()
        #expect(!saved.contains(first.accessToken) && !saved.contains(first.refreshToken))
        #expect(saved.contains(SHA256.hex(first.refreshToken.utf8)), "the used refresh token, by its digest")
        // A refresh token presented twice is still recognised and revokes the sign-in.
        #expect(try await connection.refresh(first.refreshToken).status == 401)
    }

    @Test func theCatalogueIsTheFixtureByteForByte() async throws {
        let reply = try await BuiltInMockConnection().send("GET", "/episodes")
        #expect(reply.body == (try Fixtures.data(named: "episodes-catalog")))
        #expect(reply.header("Content-Type") == "application/json")
    }

    @Test func aBodyOverTheLimitFailsLikeATransportShould() async throws {
        let request = HTTPRequest(
            method: "GET", url: URL(string: BuiltInMockTransport.baseURL.absoluteString + "/episodes")!,
            headers: ["X-API-TOKEN": BuiltInMockConnection.apiToken], maximumResponseSize: 100)
        let transport = BuiltInMockTransport(apiToken: BuiltInMockConnection.apiToken, state: InMemoryKeyValueStore())
        await #expect(throws: TransportError(.tooLarge, "the body passed 100 bytes")) {
            try await transport.send(request)
        }
    }

    /// Refused as a transport on a wire refuses it, so that nothing passes in process that
    /// would fail over HTTP.
    @Test(arguments: ["\r\n", "\r", "\n", "\0"])
    func aHeaderThatBreaksItsLineIsRefused(breaker: String) async throws {
        let request = HTTPRequest(
            method: "GET", url: URL(string: BuiltInMockTransport.baseURL.absoluteString + "/episodes")!,
            headers: ["X-API-TOKEN": BuiltInMockConnection.apiToken, "X-Note": "a\(breaker)X-Injected: yes"])
        let transport = BuiltInMockTransport(apiToken: BuiltInMockConnection.apiToken, state: InMemoryKeyValueStore())
        let refusal = TransportError(.other, "the header X-Note holds a line break or a NUL; nothing was sent")
        await #expect(throws: refusal) { try await transport.send(request) }
    }

    /// The in-process mock API has no wire, but names itself in the default User-Agent all the same.
    @Test func theInProcessMockAPINamesItself() {
        #expect(BuiltInMockTransport(apiToken: "t", state: InMemoryKeyValueStore()).engine == "in-process mock API")
    }

    @Test func aCancelledRequestFailsAsCancelled() async throws {
        let transport = BuiltInMockTransport(
            apiToken: BuiltInMockConnection.apiToken, state: InMemoryKeyValueStore(), latency: .seconds(30))
        let request = HTTPRequest(
            method: "GET", url: URL(string: BuiltInMockTransport.baseURL.absoluteString + "/episodes")!)
        let task = Task { () async throws(TransportError) in try await transport.send(request) }
        task.cancel()
        await #expect(throws: TransportError(.cancelled, "cancelled")) { try await task.value }
    }

    @Test func anotherAccountAndTokenLifetimeCanBeConfigured() async throws {
        let clock = ManualClock()
        let transport = BuiltInMockTransport(
            apiToken: "t", state: InMemoryKeyValueStore(), account: .init(email: "ann@example.com", password: "pw"),
            accessTokenLifetime: 10,
            now: { clock.now })
        let request = HTTPRequest(
            method: "POST", url: URL(string: "https://any.host/api/v1/auth")!,
            headers: [
                "X-API-TOKEN": "t", "Authorization": "Basic " + Data("ann@example.com:pw".utf8).base64EncodedString(),
            ])
        let response = try await transport.send(request)
        #expect(response.status == 200)
        let tokens = try JSONDecoder().decode(TokenPair.self, from: response.body)
        let video = HTTPRequest(
            method: "GET", url: URL(string: "https://any.host/api/v1/videos/\(MockAPIContract.knownVideoID)")!,
            headers: ["X-API-TOKEN": "t", "Authorization": "Bearer \(tokens.accessToken)"])
        #expect(try await transport.send(video).status == 200)
        clock.advance(by: 11)
        #expect(try await transport.send(video).status == 401)
    }
}
