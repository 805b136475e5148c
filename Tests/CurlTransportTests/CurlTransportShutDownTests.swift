import Foundation
import PortContracts
import Ports
import Testing

@testable import CurlTransport

/// `shutDown()` ends the engine before the process does: what is in flight is answered, the
/// engine's thread has ended when it returns, and nothing is sent afterwards.
@Suite("CurlTransport.shutDown: the engine ended before the process exits")
struct CurlTransportShutDownTests {
    @Test func aRequestInFlightIsAnsweredCancelledAndLaterOnesFail() async throws {
        try await MockAPIServer.with { server async throws in
            let transport = CurlTransport()
            #expect(try await transport.send(server.request("episodes")).status == 200)
            try await server.admin.inject(.stall(60, route: MockAPIRoute.episodes))
            let stalled = Task { () -> TransportError? in
                do throws(TransportError) {
                    _ = try await transport.send(server.request("episodes"))
                    return nil
                } catch {
                    return error
                }
            }
            try await server.admin.untilRequests(for: MockAPIRoute.episodes, count: 2)
            transport.shutDown()
            let answered = await stalled.value
            #expect(answered?.cause == .cancelled, "\(String(describing: answered))")
            let later = await #expect(throws: TransportError.self) {
                try await transport.send(server.request("episodes"))
            }
            #expect(later?.detail.contains("shut down") == true, "\(String(describing: later))")
            transport.shutDown()  // a second call returns at once
        }
    }

    @Test func aTransportThatNeverSentShutsDownAtOnceAndSendsNothingAfter() async throws {
        let transport = CurlTransport()
        transport.shutDown()
        let error = await #expect(throws: TransportError.self) {
            try await transport.send(HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:9/")!, timeout: 5))
        }
        #expect(error?.detail.contains("shut down") == true)
    }
}
