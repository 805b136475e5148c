import Foundation
import PortContracts
import Ports
import Testing

@testable import HLS
@testable import MediaDownloader

@Suite("MediaDownloader: a range is the range asked, a 416 page is not the file", .timeLimit(.minutes(10)))
struct RangeAnswerTests {
    @Test(arguments: [
        ("bytes 5000-5999/20000", true), ("bytes 5000-5499/5500", false), ("bytes 0-999/20000", false),
        ("bytes */20000", false), ("items 5000-5999/20000", false),
    ])
    func aPartsContentRangeMustBeTheRangeAsked(header: String, accepted: Bool) {
        #expect(PartFetcher.contentRange(header, is: ByteRange(length: 1000, offset: 5000)) == accepted)
    }

    /// Stopped between its last byte and its rename: the server's 416 page is not appended.
    @Test func aPartThatIsWholeAlreadyIsNamedDespiteA416Page() async throws {
        let url = "https://cdn.example.com/file.mp4"
        let whole = HLSDownloadTests.segment(3, count: 5000)
        let host = FakeCDN()
        host.serve(url, whole, headers: ["ETag": "\"v1\""])
        try await TemporaryDirectory.with { directory in
            let request = DownloadRequest(videoID: "copy", url: URL(string: url)!)
            let downloader = MediaDownloader(transport: host.transport, root: directory.file("videos"))
            _ = try await downloader.download(request) { _ in }
            // Back to the moment before the rename, the manifest not yet complete.
            let folder = directory.file("videos/copy")
            try FileManager.default.moveItem(
                at: folder.appendingPathComponent("video.mp4"), to: folder.appendingPathComponent("video.mp4.part"))
            let manifest = folder.appendingPathComponent("manifest.json")
            let text = try String(contentsOf: manifest, encoding: .utf8)
            try text.replacingOccurrences(of: "\"complete\":true", with: "\"complete\":false")
                .write(to: manifest, atomically: true, encoding: .utf8)
            let pageHost = SpyTransport { _ in
                HTTPResponse(
                    status: 416, headers: ["Content-Range": "bytes */5000", "Content-Type": "text/html"],
                    body: Data("<html>Range Not Satisfiable</html>".utf8))
            }
            let copy = try await MediaDownloader(transport: pageHost, root: directory.file("videos")).download(request)
            { _ in }
            #expect(try Data(contentsOf: copy.playable) == whole)
        }
    }
}
