import Foundation
import MediaDownloader
import PortContracts
import Ports
import Testing

/// The download port's contract, against the downloader over a media host in memory: a
/// stream of four segments, one whose third segment is refused for good, one whose parts
/// never finish coming.
@Suite("MediaDownloader: the VideoDownloader contract", .timeLimit(.minutes(10)))
struct VideoDownloaderContractTests {
    static let base = "https://cdn.example.com/contract/"

    @Test(arguments: VideoDownloaderContract.cases)
    func contract(_ check: VideoDownloaderContract) async throws {
        let host = FakeCDN()
        for stream in ["whole", "failing", "holding"] {
            let lines = (0..<4).map { "#EXTINF:2,\n\(stream)-\($0).ts" }.joined(separator: "\n")
            host.serve(Self.base + "\(stream).m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:2\n\(lines)\n#EXT-X-ENDLIST\n")
            for index in 0..<4 { host.serve(Self.base + "\(stream)-\(index).ts", HLSDownloadTests.segment(index)) }
        }
        host.fail(Self.base + "failing-2.ts", status: 404)
        host.serve(Self.base + "offering.m3u8", VideoDownloaderFixture.offeringPlaylist)
        let transport = SpyTransport { request in
            if request.url.lastPathComponent.hasPrefix("holding-") { try await Task.sleep(for: .seconds(3600)) }
            return try await host.transport.send(request)
        }
        try await TemporaryDirectory.with { directory in
            func request(_ stream: String) -> @Sendable (String) -> DownloadRequest {
                { id in
                    DownloadRequest(
                        videoID: id, url: URL(string: Self.base + "\(stream).m3u8")!, jobs: 2,
                        episode: VideoDownloaderFixture.episode, duration: 8)
                }
            }
            let fixture = VideoDownloaderFixture(
                downloader: MediaDownloader(
                    transport: transport, root: directory.file("videos"), retryPolicy: HLSDownloadTests.twoTries),
                whole: request("whole"), failing: request("failing"), holding: request("holding"),
                scratch: directory.url, offering: URL(string: Self.base + "offering.m3u8")!)
            try await check.run(on: fixture)
        }
    }
}
