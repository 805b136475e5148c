import CurlTransport
import PortContracts
import Ports
import Testing

@Suite("CurlTransport: at most eight connections to an origin, kept and reused")
struct CurlTransportConnectionTests {
    /// Every answer is held 50 ms, so that a burst's 32 requests are all in flight together:
    /// without a bound curl opens a connection for each one waiting (31 of 32, measured), and
    /// closes those its cache cannot keep. With it, the second burst finds the first's open.
    @Test func aBurstOfThirtyTwoOpensNoMoreThanTheBoundAndTheNextOpensNone() async throws {
        let latency = #"{"route": "*", "kind": "latency", "seconds": 0.05, "count": -1}"#
        try await MockAPIServer.with(arguments: ["--fault", latency]) { server async throws in
            let transport = CurlTransport()
            func burst() async throws {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<32 { group.addTask { try await transport.send(server.request("episodes")).status } }
                    for try await status in group { #expect(status == 200) }
                }
            }
            try await burst()
            let opened = try await server.admin.connections()
            #expect((2...CurlTransport.connectionsPerOrigin).contains(opened), "\(opened) connections for 32 at once")
            try await burst()
            #expect(try await server.admin.connections() == opened, "the second burst opened more")
        }
    }

    /// A request while another waits for its answer gets a connection of its own at once: over
    /// plain HTTP curl must not wait for the first answer's headers to learn whether the
    /// connection multiplexes (it never does here), which it would with `CURLOPT_PIPEWAIT`.
    @Test func aSecondRequestDoesNotWaitForTheFirstOnesAnswer() async throws {
        // Held far longer than any starved run takes: the second answer comes first unless it
        // really waits for the held one (then it times out, and the test fails).
        let held = #"{"route": "GET /api/v1/episodes", "kind": "latency", "seconds": 300, "count": 1}"#
        try await MockAPIServer.with(arguments: ["--fault", held]) { server async throws in
            let transport = CurlTransport()
            let finished = CallRecorder<String>()
            let slow = Task {
                _ = try? await transport.send(server.request("episodes", timeout: 600))
                finished.record("held")
            }
            try await server.admin.untilRequests(for: MockAPIRoute.episodes)
            #expect(try await transport.send(server.request("episodes")).status == 200)
            finished.record("second")
            slow.cancel()
            await slow.value
            #expect(finished.calls == ["second", "held"], "the second waited for the held answer")
        }
    }
}
