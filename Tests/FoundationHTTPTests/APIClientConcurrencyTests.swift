import Domain
import Foundation
import FoundationHTTP
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("APIClient keeps a bounded number of requests in flight")
struct APIClientConcurrencyTests {
    /// Counts requests in flight and remembers the most at once.
    final class InFlight: Sendable {
        private let state = Mutex((now: 0, most: 0))
        func enter() {
            state.withLock {
                $0.now += 1; $0.most = max($0.most, $0.now)
            }
        }
        func leave() { state.withLock { $0.now -= 1 } }
        var most: Int { state.withLock { $0.most } }
    }

    @Test(arguments: [1, 6])
    func neverMoreThanTheConfiguredNumber(limit: Int) async throws {
        let inFlight = InFlight()
        let transport = SpyTransport { request in
            inFlight.enter()
            defer { inFlight.leave() }
            try await Task.sleep(for: .milliseconds(2))
            return SpyTransport.response(to: request, status: 200, body: try Fixtures.data(named: "episodes"))
        }
        var configuration = TestClient.configuration()
        configuration.maximumConcurrentRequests = limit
        let client = APIClient(
            configuration: configuration, accessTokenProvider: SpyAccessTokenProvider(nil), transport: transport)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<50 { group.addTask { try await client.episodes().count } }
            for try await count in group { #expect(count == 12) }
        }
        #expect(inFlight.most == limit)
        #expect(transport.requests.count == 50)
    }

    @Test func aCallCancelledWhileWaitingForItsTurnSendsNothing() async throws {
        let transport = SpyTransport { request in
            try await Task.sleep(for: .milliseconds(200))
            return SpyTransport.response(to: request, status: 200, body: try Fixtures.data(named: "episodes"))
        }
        var configuration = TestClient.configuration()
        configuration.maximumConcurrentRequests = 1
        let client = APIClient(
            configuration: configuration, accessTokenProvider: SpyAccessTokenProvider(nil), transport: transport)
        let first = Task { try await client.episodes() }
        while transport.requests.isEmpty { await Task.yield() }
        let second = Task { try await client.episodes() }
        second.cancel()
        await #expect(throws: APIError.cancelled) { try await second.value }
        _ = try await first.value
        #expect(transport.requests.count == 1)
    }
}
