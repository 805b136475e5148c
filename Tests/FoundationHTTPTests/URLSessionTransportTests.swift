import Foundation
import FoundationHTTP
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionTransport on its own")
struct URLSessionTransportTests {
    /// A send whose task is cancelled before it starts ends at once as cancelled, however
    /// the session's callbacks and the registration of the request interleave. One that
    /// never ended would hang; the time limit is far off, since the whole suite on a busy
    /// machine may keep a test waiting for most of a minute.
    @Test(.timeLimit(.minutes(10)))
    func sendsCancelledBeforeTheyStartEndAsCancelled() async throws {
        try await MockAPIServer.with { server async throws in
            let transport = URLSessionTransport()
            let request = URLRequest(url: server.baseURL.appendingPathComponent("episodes"), timeoutInterval: 5)
            for _ in 0..<200 {
                let send = Task {
                    withUnsafeCurrentTask { $0?.cancel() }
                    return try await transport.send(request, maximumResponseSize: 1 << 20)
                }
                let error = await #expect(throws: URLError.self) { try await send.value }
                #expect(error?.code == .cancelled)
            }
        }
    }
}
