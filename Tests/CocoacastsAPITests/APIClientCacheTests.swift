import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Stubs
import Testing

@Suite("APIClient with a cache, over test doubles: what is sent and what is answered")
struct APIClientCacheTests {
    static let key = TestClient.configuration().catalogueKey

    static func client(_ transport: SpyTransport, cache: InMemoryResponseCache, clock: TestClock) -> APIClient {
        APIClient(
            configuration: TestClient.configuration(retryPolicy: .none),
            accessTokenProvider: SpyAccessTokenProvider(nil), transport: transport, cache: cache,
            now: { clock.now })
    }

    static func saved(entityTag: String?, lastModified: String? = nil, body: Data? = nil, at date: Date) throws
        -> CachedResponse
    {
        CachedResponse(
            body: try body ?? Fixtures.data(named: "episodes"), entityTag: entityTag, lastModified: lastModified,
            date: date, cacheControl: CacheControl(maxAge: 60))
    }

    @Test func validatorsGoBackAsConditionalHeaders() async throws {
        let clock = TestClock()
        let cache = InMemoryResponseCache(entries: [
            Self.key: try Self.saved(
                entityTag: "\"v1\"", lastModified: "Sun, 22 Nov 2026 10:00:00 GMT", at: clock.now - 61)
        ])
        let transport = SpyTransport(status: 304)
        let catalogue = try await Self.client(transport, cache: cache, clock: clock).catalogue(policy: .normal)
        #expect(catalogue.episodes.count == 12)
        let request = try #require(transport.requests.first)
        #expect(request.headers["If-None-Match"] == "\"v1\"")
        #expect(request.headers["If-Modified-Since"] == "Sun, 22 Nov 2026 10:00:00 GMT")
    }

    @Test func aTamperedValidatorIsNeverSent() async throws {
        let clock = TestClock()
        let cache = InMemoryResponseCache(entries: [
            Self.key: try Self.saved(entityTag: "\"v1\"\r\nX-Injected: yes", at: clock.now - 61)
        ])
        let transport = TestClient.fixture("episodes")
        _ = try await Self.client(transport, cache: cache, clock: clock).catalogue(policy: .normal)
        let request = try #require(transport.requests.first)
        #expect(request.headers["If-None-Match"] == nil)
        #expect(request.headers["X-Injected"] == nil)
    }

    @Test func aSavedListThatNoLongerDecodesIsFetchedAgainWithoutValidators() async throws {
        let clock = TestClock()
        let cache = InMemoryResponseCache(entries: [
            Self.key: try Self.saved(entityTag: "\"v1\"", body: Data("not json".utf8), at: clock.now - 61)
        ])
        let episodes = try Fixtures.data(named: "episodes")
        let transport = SpyTransport { request in
            request.headers["If-None-Match"] == nil
                ? SpyTransport.response(to: request, status: 200, body: episodes, headers: ["ETag": "\"v2\""])
                : SpyTransport.response(to: request, status: 304)
        }
        let catalogue = try await Self.client(transport, cache: cache, clock: clock).catalogue(policy: .normal)
        #expect(catalogue == Catalogue(episodes: catalogue.episodes, source: .network))
        #expect(transport.requests.map { $0.headers["If-None-Match"] } == ["\"v1\"", nil])
        #expect(await cache.response(for: Self.key)?.entityTag == "\"v2\"")
    }

    @Test(arguments: [TransportError.Cause.cannotConnect, .hostNotFound, .offline, .timedOut, .connectionLost])
    func anUnreachableServerIsAnsweredFromTheSavedList(_ cause: TransportError.Cause) async throws {
        let clock = TestClock()
        let savedAt = clock.now - 7_200
        let cache = InMemoryResponseCache(entries: [Self.key: try Self.saved(entityTag: "\"v1\"", at: savedAt)])
        let transport = SpyTransport { _ in throw TransportError(cause, "the words") }
        let catalogue = try await Self.client(transport, cache: cache, clock: clock).catalogue(policy: .normal)
        guard case .saved(savedAt, let error?) = catalogue.source else {
            Issue.record("not a saved answer: \(catalogue.source)")
            return
        }
        #expect(error.kind == .unreachable)
    }

    @Test(arguments: [TransportError.Cause.untrustedCertificate, .tlsFailed, .tooLarge, .malformed, .cancelled])
    func otherTransportFailuresAreNeverAnsweredFromTheSavedList(_ cause: TransportError.Cause) async throws {
        let clock = TestClock()
        let cache = InMemoryResponseCache(entries: [
            Self.key: try Self.saved(entityTag: "\"v1\"", at: clock.now - 7_200)
        ])
        let transport = SpyTransport { _ in throw TransportError(cause, "the words") }
        await #expect(throws: APIError.self) {
            try await Self.client(transport, cache: cache, clock: clock).catalogue(policy: .normal)
        }
    }

    @Test func nothingButTheCatalogueTouchesTheCache() async throws {
        let cache = InMemoryResponseCache()
        let transport = SpyTransport { request in
            let name = request.url.path.hasSuffix("episodes") ? "episodes" : "video"
            return SpyTransport.response(
                to: request, status: 200, body: try Fixtures.data(named: name), headers: ["Cache-Control": "max-age=60"]
            )
        }
        let client = APIClient(
            configuration: TestClient.configuration(), accessTokenProvider: SpyAccessTokenProvider("access-1"),
            transport: transport, cache: cache)
        _ = try await client.video(id: "1")
        _ = try await client.episodes()
        #expect(await cache.count == 0)
        _ = try await client.catalogue(policy: .normal)
        #expect(await cache.count == 1)
    }

    /// A server that shows each API token its own list once showed token A's saved
    /// list to token B, and a wrong token was answered from the cache instead of refused.
    @Test func eachAPITokenIsAnsweredItsOwnList() async throws {
        let clock = TestClock()
        let cache = InMemoryResponseCache()
        let transport = SpyTransport { request in
            let token = request.headers["X-API-TOKEN"] ?? ""
            let list =
                #"[{"id":\#(token.count),"title":"\#(token)","excerpt":"","imageURL":"https://x.example/a.png","#
                + #""videoDuration":1,"videoID":"v"}]"#
            return SpyTransport.response(
                to: request, status: 200, body: Data(list.utf8), headers: ["Cache-Control": "max-age=60"])
        }
        func titles(token: String) async throws -> [String] {
            let configuration = try APIConfiguration(baseURL: TestClient.baseURL, apiToken: token, retryPolicy: .none)
            let client = APIClient(
                configuration: configuration, accessTokenProvider: SpyAccessTokenProvider(nil), transport: transport,
                cache: cache, now: { clock.now })
            return try await client.catalogue(policy: .normal).episodes.map(\.title)
        }
        #expect(try await titles(token: "token-a") == ["token-a"])
        #expect(try await titles(token: "token-bb") == ["token-bb"])
        #expect(transport.requests.count == 2, "the second token was asked, not answered from the first one's list")
        #expect(try await titles(token: "token-a") == ["token-a"])
        #expect(transport.requests.count == 2, "each token's list is saved for that token")
        #expect(await cache.count == 2)
    }

    @Test func theKeyHoldsADigestOfTheAPITokenNeverTheToken() throws {
        let key = TestClient.configuration().catalogueKey
        #expect(!key.description.contains(TestClient.apiToken))
        #expect(key.credentialDigest.hasPrefix("api-token:sha256/") && key.credentialDigest.count == 17 + 32)
        let other = try APIConfiguration(baseURL: TestClient.baseURL, apiToken: TestClient.apiToken + "x").catalogueKey
        #expect(other.route == key.route && other.credentialDigest != key.credentialDigest)
    }
}
