import Foundation
import PortContracts
import Ports
import Testing

@Suite("A streamed body from a transport whose bodies are in memory: one chunk, then the end")
struct HTTPBodyTests {
    @Test func theWholeAnswerComesAsOneChunk() async throws {
        let transport = SpyTransport(status: 206, body: Data("partial".utf8), headers: ["Content-Range": "bytes 0-6/9"])
        let response = try await transport.stream(HTTPRequest(method: "GET", url: URL(string: "https://a.example/f")!))
        #expect(response.status == 206 && response.headers["Content-Range"] == "bytes 0-6/9")
        #expect(try await response.body.next() == Data("partial".utf8))
        #expect(try await response.body.next() == nil)
    }

    @Test func anEmptyBodyIsTheEndAtOnce() async throws {
        #expect(try await HTTPBody(whole: Data()).next() == nil)
    }

    @Test func aCancelledBodyHandsNothingMoreOverInAnyCopy() async throws {
        let body = HTTPBody(whole: Data("unread".utf8))
        let copy = body
        body.cancel()
        do {
            let chunk = try await copy.next()
            Issue.record("a cancelled body handed over \(String(describing: chunk))")
        } catch {
            #expect(error.cause == .cancelled)
        }
    }
}
