import Foundation
import PortContracts
import Testing

@testable import BuiltInMock

/// The media the built-in mock serves on 127.0.0.1: what each request is answered (as
/// `Scripts/mock-api --media` answers it), read over TCP by curl, and a stop that leaves
/// no connection open and no thread running.
@Suite("BuiltInMediaServer: the built-in mock's media on loopback")
struct BuiltInMediaServerTests {
    /// Video 632759499 (episode 556) lasts 513 s: a WAV of 44 + 513 × 8,000 bytes.
    static let size = 44 + 513 * 8000
    static let lengths: @Sendable (String) -> Int? = { $0 == "632759499" ? 513 : nil }

    static func answer(
        _ method: String = "GET", _ path: String = "/media/632759499.wav", _ headers: [String: String] = [:]
    )
        -> MediaAnswer
    {
        MediaAnswer(method: method, path: path, headers: headers, seconds: lengths)
    }

    static func header(_ answer: MediaAnswer, _ name: String) -> String? {
        answer.headers.first { $0.0 == name }?.1
    }

    @Test func aWholeFileARangeASuffixAndAnOpenEndAreAnsweredAsRFC9110Says() {
        let whole = Self.answer()
        #expect(whole.status == 200 && whole.body == 0..<Self.size)
        #expect(Self.header(whole, "Content-Length") == "\(Self.size)")
        #expect(Self.header(whole, "Accept-Ranges") == "bytes")
        let cases: [(String, Range<Int>)] = [
            ("bytes=0-99", 0..<100), ("bytes=4000000-", 4_000_000..<Self.size),
            ("bytes=-10", Self.size - 10..<Self.size),
            ("bytes=100-99999999", 100..<Self.size),
        ]
        for (range, part) in cases {
            let answer = Self.answer("GET", "/media/632759499.wav", ["range": range])
            #expect(answer.status == 206 && answer.body == part, "\(range)")
            #expect(
                Self.header(answer, "Content-Range") == "bytes \(part.lowerBound)-\(part.upperBound - 1)/\(Self.size)")
        }
    }

    @Test func aRangePastTheEndIs416AndOneItCannotReadIsAnsweredWhole() {
        let past = Self.answer("GET", "/media/632759499.wav", ["range": "bytes=\(Self.size)-"])
        #expect(past.status == 416 && past.body == nil)
        #expect(Self.header(past, "Content-Range") == "bytes */\(Self.size)")
        #expect(Self.answer("GET", "/media/632759499.wav", ["range": "bytes=-0"]).status == 416)
        let huge = Self.answer("GET", "/media/632759499.wav", ["range": "bytes=0-99999999999999999999999"])
        #expect(huge.status == 206 && huge.body == 0..<Self.size, "a last byte past any Int is the end")
        for range in ["bytes=0-1,5-6", "items=0-1", "bytes=x-y", "bytes=9-3", "bytes=+5-", "bytes=-"] {
            #expect(Self.answer("GET", "/media/632759499.wav", ["range": range]).status == 200, "\(range)")
        }
    }

    @Test func aRangeWhoseIfRangeIsStaleGetsTheWholeFileAndACurrentOneThePart() {
        let validator = Self.header(Self.answer(), "ETag")
        let stale = Self.answer("GET", "/media/632759499.wav", ["range": "bytes=10-", "if-range": "\"other\""])
        #expect(stale.status == 200 && stale.body == 0..<Self.size)
        for current in [validator, MediaAnswer.lastModified] {
            let answer = Self.answer("GET", "/media/632759499.wav", ["range": "bytes=10-", "if-range": current ?? ""])
            #expect(answer.status == 206)
        }
    }

    @Test func headHasNoBodyAnUnknownVideoIs404AndAnotherMethod405() {
        let head = Self.answer("HEAD")
        #expect(head.status == 200 && head.body == nil && Self.header(head, "Content-Length") == "\(Self.size)")
        #expect(Self.answer("GET", "/media/1.wav").status == 404)
        #expect(Self.answer("GET", "/media/632759499.mp4").status == 404)
        #expect(Self.answer("GET", "/other").status == 404)
        #expect(Self.answer("POST").status == 405)
    }

    @Test func theBytesAreAWAVHeaderAndSilenceWhereverAPartStarts() {
        let answer = Self.answer()
        let whole = answer.bytes(0..<Self.size)
        #expect(whole.prefix(4) == Data("RIFF".utf8) && whole[8..<16] == Data("WAVEfmt ".utf8))
        #expect(whole[40..<44] == Data([0x40, 0x9F, 0x3E, 0x00]), "513 × 8,000 data bytes, little-endian")
        #expect(whole.dropFirst(44).allSatisfy { $0 == 128 })
        #expect(answer.bytes(30..<50) == whole[30..<50])
        #expect(answer.bytes(1000..<1010) == whole[1000..<1010])
    }

    @Test func curlReadsTheMediaWholeAndInPartsOverTCP() async throws {
        let server = BuiltInMediaServer(seconds: Self.lengths)
        defer { server.stop() }
        let url = try server.mediaURL(ofVideo: "632759499")
        #expect(url.host == "127.0.0.1" && url.path == "/media/632759499.wav")
        let curl = URL(fileURLWithPath: "/usr/bin/curl")
        let whole = try await ChildProcess.run(
            curl, ["-sS", "-o", "/dev/null", "-w", "%{http_code} %{size_download}", url.absoluteString])
        #expect(whole.stdout == "200 \(Self.size)", "\(whole)")
        let part = try await ChildProcess.run(
            curl, ["-sS", "-D", "-", "-o", "/dev/null", "-r", "100-199", url.absoluteString])
        #expect(part.stdout.contains("HTTP/1.1 206"), "\(part)")
        #expect(part.stdout.contains("Content-Range: bytes 100-199/\(Self.size)"))
        let missing = try await ChildProcess.run(
            curl, ["-sS", "-o", "/dev/null", "-w", "%{http_code}", server.origin().absoluteString + "/media/1.wav"])
        #expect(missing.stdout == "404")
    }

    @Test func stopEndsAConnectionWhoseReaderStoppedReadingAndListensNoMore() async throws {
        let server = BuiltInMediaServer(seconds: Self.lengths)
        let origin = try server.origin()
        let port = try #require(origin.port)
        // A reader that asks for 4 MB and reads none of it: its connection's thread blocks in send.
        let stalled = try RawHTTPConnection(port: port)
        try stalled.send("GET /media/632759499.wav HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let head = stalled.receive(until: { $0.contains("\r\n\r\n") }, limit: 1024)
        #expect(head.hasPrefix("HTTP/1.1 200 OK"), "the answer is under way")
        server.stop()  // returns only once every thread has ended
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: port) }
        #expect(throws: MediaServerError.self) { try server.origin() }
    }
}
