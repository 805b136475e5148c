import CurlTransport
import Ports
import TestSupport
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
}
