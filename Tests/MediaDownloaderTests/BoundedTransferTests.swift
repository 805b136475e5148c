import Domain
import Foundation
import MediaDownloader
import PortContracts
import Ports
import Synchronization
import Testing

/// Whatever a server does, a download ends: a file without a length is bounded by the video's
/// length (what passes is removed), a trickle is stopped by the stall rule, and a part's whole
/// transfer by the timeout.
@Suite("MediaDownloader: bounded whatever the server does", .timeLimit(.minutes(10)))
struct BoundedTransferTests {
    static let file = "https://cdn.example.com/endless.mp4"

    /// A body of `chunk` bytes every `interval` for ever, with no length, as a server that
    /// writes without end or a trickle does.
    struct Endless: HTTPTransport {
        let chunk: Int
        let interval: Duration
        let prefix: Data

        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            throw TransportError(.other, "only streamed")
        }

        func stream(_ request: HTTPRequest) async throws(TransportError) -> HTTPStreamedResponse {
            let stopped = Mutex(false)
            let first = Mutex<Data?>(prefix)
            let body = HTTPBody(
                next: { () async throws(TransportError) -> Data? in
                    if let head = first.withLock({ value in
                        defer { value = nil }; return value
                    }) {
                        return head
                    }
                    do {
                        try await Task.sleep(for: interval)
                    } catch {
                        throw TransportError(.cancelled, "cancelled")
                    }
                    if stopped.withLock({ $0 }) { throw TransportError(.cancelled, "cancelled") }
                    return Data(repeating: 0x41, count: chunk)
                }, cancel: { stopped.withLock { $0 = true } })
            return HTTPStreamedResponse(status: 200, headers: ["Content-Type": "video/mp4"], body: body)
        }
    }

    static func download(
        _ transport: any HTTPTransport, url: String = file, duration: Int?, timeout: Double,
        in directory: TemporaryDirectory
    )
        async -> DownloadError?
    {
        let downloader = MediaDownloader(
            transport: transport, root: directory.file("videos"), retryPolicy: .none, timeout: timeout)
        do throws(DownloadError) {
            _ = try await downloader.download(
                DownloadRequest(videoID: "1", url: URL(string: url)!, duration: duration)
            ) { _ in }
            return nil
        } catch {
            return error
        }
    }

    /// A file that announces no length and never ends: stopped at the bound that the video's
    /// length sets, and what came is removed, so that it never fills the disk.
    @Test func aFileWithoutALengthStopsAtTheBoundAndIsRemoved() async throws {
        try await TemporaryDirectory.with { directory in
            let endless = Endless(chunk: 1 << 20, interval: .milliseconds(1), prefix: Data("ftyp".utf8))
            let failure = await Self.download(endless, duration: 1, timeout: 30, in: directory)
            guard case .parts(let failures)? = failure?.cause, case .tooLarge(let limit) = failures.first?.reason else {
                Issue.record("\(String(describing: failure))")
                return
            }
            #expect(limit == 8 << 20 + 6_250_000, "8 MiB and 50 Mbit/s for the video's one second")
            #expect(failure?.isFinal == true)
            #expect(!FileManager.default.fileExists(atPath: directory.file("videos/1/video.mp4.part").path))
        }
    }

    /// Two bytes a second would take for ever: fewer than 256 KiB in a window of the timeout
    /// stops it, far before any time a test would wait.
    @Test func aTrickleIsStoppedByTheStallRule() async throws {
        try await TemporaryDirectory.with { directory in
            let trickle = Endless(chunk: 2, interval: .milliseconds(50), prefix: Data("ftyp".utf8))
            let started = ContinuousClock.now
            let failure = await Self.download(trickle, duration: 600, timeout: 1, in: directory)
            guard case .parts(let failures)? = failure?.cause else {
                Issue.record("\(String(describing: failure))")
                return
            }
            #expect(failures.first?.reason == .stalled(bytes: 256 << 10, seconds: 1))
            #expect(failure?.isUnreachable == true, "the network's doing: 69, and going on later may mend it")
            #expect(ContinuousClock.now - started < .seconds(120))
        }
    }

    /// A segment that keeps coming fast enough for the stall rule but never ends: its whole
    /// transfer is bounded by the timeout.
    @Test func aSegmentsWholeTransferIsBoundedByTheTimeout() async throws {
        let playlist = "https://cdn.example.com/endless.m3u8"
        let transport = SpyTransportOr(
            playlist: playlist,
            text: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\nforever.ts\n#EXT-X-ENDLIST\n",
            otherwise: Endless(chunk: 64 << 10, interval: .milliseconds(20), prefix: Data()))
        try await TemporaryDirectory.with { directory in
            let failure = await Self.download(transport, url: playlist, duration: 6, timeout: 1, in: directory)
            #expect(
                failure
                    == DownloadError(.parts([PartFailure(part: "video/00000.ts", reason: .tookTooLong(seconds: 1))])))
        }
    }

    /// A playlist from a spy, every other URL from `otherwise`.
    struct SpyTransportOr: HTTPTransport {
        let playlist: String
        let text: String
        let otherwise: Endless

        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            HTTPResponse(status: 200, body: Data(text.utf8))
        }

        func stream(_ request: HTTPRequest) async throws(TransportError) -> HTTPStreamedResponse {
            guard request.url.absoluteString == playlist else { return try await otherwise.stream(request) }
            return HTTPStreamedResponse(status: 200, body: HTTPBody(whole: Data(text.utf8)))
        }
    }
}
