import Foundation
import Ports
import Synchronization
import Testing

@testable import CurlTransport

@Suite("CurlTransport: a refused request frees what it allocated")
struct CurlTransferOwnershipTests {
    /// A header curl cannot carry refuses the request while its transfer is being made,
    /// before the easy handle exists: 1,000 of them once leaked 256,000 bytes (each its
    /// error buffer). Other tests' transfers may be alive meanwhile, a few dozen at most;
    /// a leak would leave 1,000 more.
    @Test func aThousandRefusedRequestsLeaveNoErrorBufferBehind() async throws {
        let transport = CurlTransport()
        let request = HTTPRequest(
            method: "GET", url: URL(string: "http://127.0.0.1:9/api/v1/episodes")!,
            headers: ["X-Note": "a\nX-Injected: yes"])
        let before = CurlErrorBuffer.live.load(ordering: .relaxed)
        for _ in 0..<1000 {
            await #expect(throws: TransportError.self) { try await transport.send(request) }
        }
        let after = CurlErrorBuffer.live.load(ordering: .relaxed)
        #expect(after - before < 500, "\(after - before) error buffers still allocated")
    }
}
