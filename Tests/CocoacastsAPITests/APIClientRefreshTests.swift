import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Stubs
import Testing

@Suite("APIClient refreshes once on 401 and retries once")
struct APIClientRefreshTests {
    /// A server double: videos need `Bearer access-2`; refresh answers `refreshStatus`.
    static func server(refreshStatus: Int = 200, refreshFailure: TransportError? = nil) -> SpyTransport {
        SpyTransport { request in
            if request.url.path.hasSuffix("/auth/refresh") {
                if let refreshFailure { throw refreshFailure }
                try await Task.sleep(for: .milliseconds(10))
                let body = Data(#"{"accessToken": "access-2", "refreshToken": "refresh-2"}"#.utf8)
                return SpyTransport.response(to: request, status: refreshStatus, body: body)
            }
            let authorized = request.headers["Authorization"] == "Bearer access-2"
            return SpyTransport.response(
                to: request, status: authorized ? 200 : 401,
                body: authorized ? try Fixtures.data(named: "video") : Data())
        }
    }

    static func signedInStore() async throws -> KeyValueTokenStore {
        let store = KeyValueTokenStore(store: InMemoryKeyValueStore())
        try await store.setTokens(SampleTokens.first)
        return store
    }

    @Test func aRefusedAccessTokenIsRefreshedAndTheRequestSentAgain() async throws {
        let transport = Self.server()
        let store = try await Self.signedInStore()
        #expect(try await TestClient.make(transport, tokenStore: store).video(id: "1").duration == 279)
        let sent = transport.requests.map { "\($0.method) \($0.url.path)" }
        try #require(sent == ["GET /api/v1/videos/1", "POST /api/v1/auth/refresh", "GET /api/v1/videos/1"])
        #expect(transport.requests[1].body == Data(#"{"refreshToken":"refresh-1"}"#.utf8))
        #expect(try await store.tokens() == SampleTokens.second)
    }

    @Test func aRefusedRefreshSignsOut() async throws {
        let transport = Self.server(refreshStatus: 401)
        let store = try await Self.signedInStore()
        await #expect(throws: APIError.unauthorized(.sessionEnded)) {
            try await TestClient.make(transport, tokenStore: store).video(id: "1")
        }
        #expect(try await store.tokens() == nil)
        #expect(transport.requests.count == 2)
    }

    @Test(arguments: [TransportError.Cause.offline, .cannotConnect, .timedOut])
    func aRefreshWithoutNetworkKeepsTheTokens(cause: TransportError.Cause) async throws {
        let store = try await Self.signedInStore()
        let client = TestClient.make(Self.server(refreshFailure: TransportError(cause, "the words")), tokenStore: store)
        let error = await #expect(throws: APIError.self) { try await client.video(id: "1") }
        #expect(error?.kind == .unreachable)
        #expect(try await store.tokens() == SampleTokens.first)
    }

    @Test func aServerErrorDuringRefreshKeepsTheTokens() async throws {
        let store = try await Self.signedInStore()
        await #expect(throws: APIError.failedRequest(.status(500, reason: nil))) {
            try await TestClient.make(Self.server(refreshStatus: 500), tokenStore: store).video(id: "1")
        }
        #expect(try await store.tokens() == SampleTokens.first)
    }

    @Test func aCallerCancelledDuringTheRefreshDoesNotCutItOff() async throws {
        // The server takes a while to answer the refresh, having already rotated the tokens.
        let refreshing = SpyGate()
        refreshing.holdNext()
        let transport = SpyTransport { request in
            guard request.url.path.hasSuffix("/auth/refresh") else {
                return SpyTransport.response(to: request, status: 401)
            }
            // Held until the caller was cancelled; a cancelled request gets no answer, like URLSession's.
            await refreshing.pass(refreshing.arrive(), ignoresCancellation: false)
            try Task.checkCancellation()
            let body = Data(#"{"accessToken": "access-2", "refreshToken": "refresh-2"}"#.utf8)
            return SpyTransport.response(to: request, status: 200, body: body)
        }
        let store = try await Self.signedInStore()
        let client = TestClient.make(transport, tokenStore: store)
        let call = Task { try await client.video(id: "1") }
        try await refreshing.waitUntilCalled()
        call.cancel()
        refreshing.releaseAll()
        _ = await call.result
        // The rotated pair was stored, so the next refresh presents a token the server still accepts.
        #expect(try await store.tokens() == SampleTokens.second)
    }

    @Test func withoutATokenStoreA401IsUnauthorized() async {
        let transport = Self.server()
        await #expect(throws: APIError.unauthorized(.status(401, reason: nil))) {
            try await TestClient.make(transport).video(id: "1")
        }
        #expect(transport.requests.count == 1)
    }

    @Test func aStoreThatCannotBeLockedIsNotASignOut() async throws {
        let values = FailingKeyValueStore(InMemoryKeyValueStore())
        let store = KeyValueTokenStore(store: values)
        try await store.setTokens(SampleTokens.first)
        let client = APIClient(
            configuration: TestClient.configuration(), accessTokenProvider: SpyAccessTokenProvider("access-1"),
            tokenStore: store, transport: Self.server())
        let locked = StoreError.lockTimeout(path: "/tmp/credentials.json", seconds: 1)
        values.fail(with: locked)
        await #expect(throws: APIError.unknown(.store(locked))) { try await client.video(id: "1") }
        values.fail(with: nil)
        #expect(try await store.tokens() == SampleTokens.first)
    }

    @Test func twoHundredConcurrentRequestsRefreshOnce() async throws {
        let transport = Self.server()
        let client = TestClient.make(transport, tokenStore: try await Self.signedInStore())
        let durations = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 { group.addTask { try await client.video(id: "1").duration } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(durations.count == 200 && durations.allSatisfy { $0 == 279 })
        #expect(transport.requests.filter { $0.url.path.hasSuffix("/auth/refresh") }.count == 1)
        // Only the requests in flight when the token was refused sent the stale token.
        let stale = transport.requests.filter { $0.headers["Authorization"] == "Bearer access-1" }
        #expect(stale.count <= TestClient.configuration().maximumConcurrentRequests)
    }
}
