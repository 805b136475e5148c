import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Stubs
import Testing

@Suite("APIClient follows redirects without leaking credentials")
struct APIClientRedirectTests {
    /// Redirects the first request to `location` with `status`, answers the rest with the video.
    static func redirecting(to location: String, status: Int = 307) -> SpyTransport {
        SpyTransport { request in
            if request.url.path.hasPrefix("/api/v1/") {
                return SpyTransport.response(to: request, status: status, headers: ["Location": location])
            }
            return SpyTransport.response(to: request, status: 200, body: try Fixtures.data(named: "video"))
        }
    }

    @Test func aSameOriginRedirectKeepsTheCredentials() async throws {
        let transport = Self.redirecting(to: "/moved/videos/1")
        _ = try await TestClient.make(transport).video(id: "1")
        let followed = try #require(transport.requests.last)
        #expect(followed.url.absoluteString == "https://api.example.com/moved/videos/1")
        #expect(followed.headers["Authorization"] == "Bearer access-1")
        #expect(followed.headers["X-API-TOKEN"] == TestClient.apiToken)
    }

    @Test(arguments: ["https://evil.example/videos/1", "https://api.example.com:8443/x"])
    func aRedirectToAnotherOriginLosesEveryCredential(location: String) async throws {
        let transport = Self.redirecting(to: location)
        _ = try await TestClient.make(transport).video(id: "1")
        let followed = try #require(transport.requests.last)
        #expect(followed.url.absoluteString == location)
        for header in ["Authorization", "X-API-TOKEN", "Cookie", "Proxy-Authorization"] {
            #expect(followed.headers[header] == nil)
        }
    }

    @Test func aRefusalFromAnotherOriginStartsNoRefresh() async throws {
        let transport = SpyTransport { request in
            if request.url.host == "api.example.com" {
                return SpyTransport.response(to: request, status: 307, headers: ["Location": "https://other.example/v"])
            }
            return SpyTransport.response(to: request, status: 401)
        }
        let store = KeyValueTokenStore(store: InMemoryKeyValueStore())
        try await store.setTokens(SampleTokens.first)
        await #expect(throws: APIError.unauthorized(.status(401, reason: nil))) {
            try await TestClient.make(transport, tokenStore: store).video(id: "1")
        }
        #expect(!transport.requests.contains { $0.url.path.hasSuffix("/auth/refresh") })
        #expect(try await store.tokens() == SampleTokens.first)
    }

    @Test func aRequestWithABodyIsNotRedirectedToAnotherOrigin() async {
        let transport = Self.redirecting(to: "https://evil.example/refresh")
        let client = TestClient.make(transport)
        let refused = APIError.failedRequest(
            .redirectRefused(to: "https://evil.example/refresh", reason: "a POST is not sent to another origin"))
        await #expect(throws: refused) { try await client.updateProgressForVideo(id: "1", cursor: 5) }
        #expect(transport.requests.count == 1)
    }

    @Test(arguments: ["http://api.example.com/x", "http://127.0.0.1:8080/x", "http://localhost/x"])
    func aRedirectFromHTTPSToPlainHTTPIsRefusedBeforeAnythingIsSent(location: String) async {
        let transport = Self.redirecting(to: location)
        let refused = APIError.failedRequest(
            .redirectRefused(to: location, reason: "it leads from https to plain http"))
        await #expect(throws: refused) { try await TestClient.make(transport).video(id: "1") }
        #expect(transport.requests.count == 1)
    }

    @Test(arguments: [301, 302, 303])
    func aRedirectThatWouldTurnAChangeIntoAGetIsRefused(status: Int) async {
        let transport = Self.redirecting(to: "/elsewhere", status: status)
        let client = TestClient.make(transport)
        let post = APIError.failedRequest(
            .redirectRefused(
                to: "https://api.example.com/elsewhere", reason: "a \(status) would turn the POST into a GET"))
        await #expect(throws: post) { try await client.updateProgressForVideo(id: "1", cursor: 5) }
        let delete = APIError.failedRequest(
            .redirectRefused(
                to: "https://api.example.com/elsewhere", reason: "a \(status) would turn the DELETE into a GET"))
        await #expect(throws: delete) { try await client.deleteProgressForVideo(id: "1") }
        #expect(transport.requests.count == 2)
    }

    @Test(arguments: [307, 308])
    func aTemporaryOrPermanentRedirectKeepsTheMethodAndBodyWithinTheOrigin(status: Int) async throws {
        let transport = SpyTransport { request in
            if request.url.path.hasPrefix("/api/v1/") {
                return SpyTransport.response(to: request, status: status, headers: ["Location": "/v2/progress"])
            }
            return SpyTransport.response(to: request, status: 200, body: Data(#"{"videoID": "1", "cursor": 5}"#.utf8))
        }
        _ = try await TestClient.make(transport).updateProgressForVideo(id: "1", cursor: 5)
        let followed = try #require(transport.requests.last)
        #expect(followed.method == "POST" && followed.body == Data(#"{"cursor":5}"#.utf8))
        #expect(followed.headers["Authorization"] == "Bearer access-1")
    }

    @Test func aDeleteIsNotSentToAnotherOrigin() async {
        let transport = Self.redirecting(to: "https://other.example/progress", status: 307)
        let refused = APIError.failedRequest(
            .redirectRefused(to: "https://other.example/progress", reason: "a DELETE is not sent to another origin"))
        await #expect(throws: refused) { try await TestClient.make(transport).deleteProgressForVideo(id: "1") }
        #expect(transport.requests.count == 1)
    }

    @Test func redirectLoopsEndAfterFiveHops() async {
        let transport = SpyTransport { request in
            SpyTransport.response(to: request, status: 302, headers: ["Location": "/api/v1/loop"])
        }
        let refused = APIError.failedRequest(
            .redirectRefused(to: "https://api.example.com/api/v1/loop", reason: "more than 5 redirects in a row"))
        await #expect(throws: refused) { try await TestClient.make(transport).episodes() }
        #expect(transport.requests.count == 6)
    }

    @Test(arguments: ["file:///etc/passwd", "javascript:alert(1)", "ftp://api.example.com/x"])
    func nonHTTPLocationsAreRefused(location: String) async {
        let transport = Self.redirecting(to: location)
        let refused = APIError.failedRequest(.redirectRefused(to: location, reason: "not an http(s) URL"))
        await #expect(throws: refused) { try await TestClient.make(transport).video(id: "1") }
        #expect(transport.requests.count == 1)
    }

    /// Each hop may take a whole timeout, so a chain of slow redirects stops when the next
    /// hop could not end within the call's deadline (three timeouts), not after five hops.
    @Test func slowRedirectsStopAtTheCallsDeadline() async throws {
        let configuration = try APIConfiguration(
            baseURL: TestClient.baseURL, apiToken: TestClient.apiToken, timeout: 0.2)
        let transport = SpyTransport { request in
            try await Task.sleep(for: .milliseconds(150))
            return SpyTransport.response(to: request, status: 307, headers: ["Location": "/api/v1/episodes"])
        }
        let client = APIClient(
            configuration: configuration, accessTokenProvider: SpyAccessTokenProvider(nil), transport: transport)
        await #expect(throws: APIError.unreachable(.timedOut(seconds: configuration.callDeadline))) {
            try await client.episodes()
        }
        #expect(transport.requests.count < 5)
    }
}
