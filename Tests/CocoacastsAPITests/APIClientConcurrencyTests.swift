import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import TestSupport
import Testing

@Suite("APIClient keeps a bounded number of requests in flight")
struct APIClientConcurrencyTests {
    @Test(arguments: [1, 6])
    func neverMoreThanTheConfiguredNumber(limit: Int) async throws {
        let inFlight = Occupancy()
        // Each request holds its slot until the slots are full, so the limit is reached
        // however the machine schedules the tasks. One deadline for the whole test, far off,
        // ends the holding should the slots never fill (a limit the client did not reach).
        let deadline = ContinuousClock.now + .seconds(60)
        let transport = SpyTransport { request in
            inFlight.enter()
            defer { inFlight.leave() }
            while !inFlight.isFull(limit: limit, orEntered: 50) && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(1))
            }
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
        // The first call holds the one slot until the second, waiting for it, was cancelled.
        let gate = SpyGate()
        gate.holdNext()
        let transport = SpyTransport { request in
            await gate.hook(false)
            return SpyTransport.response(to: request, status: 200, body: try Fixtures.data(named: "episodes"))
        }
        var configuration = TestClient.configuration()
        configuration.maximumConcurrentRequests = 1
        let client = APIClient(
            configuration: configuration, accessTokenProvider: SpyAccessTokenProvider(nil), transport: transport)
        let first = Task { try await client.episodes() }
        try await gate.waitUntilCalled()
        let second = Task { try await client.episodes() }
        second.cancel()
        // Released only now: the second call, cancelled, ends once the slot frees, sending nothing.
        gate.releaseAll()
        await #expect(throws: APIError.cancelled) { try await second.value }
        _ = try await first.value
        #expect(transport.requests.count == 1)
    }
}
