import Foundation
import PortContracts
import Ports
import Stubs
import Testing

/// The scripted downloader keeps the download port's contract, so that previews and tests
/// that use it see what the real one does.
@Suite("StubDownloader: the VideoDownloader contract")
struct StubDownloaderTests {
    @Test(arguments: VideoDownloaderContract.cases)
    func contract(_ check: VideoDownloaderContract) async throws {
        try await TemporaryDirectory.with { directory in
            let progress = [DownloadProgress(bytes: 6000, expectedBytes: 12_000, partsDone: 2, parts: 4)]
            let offering = URL(string: "https://cdn.example/offering.m3u8")!
            let downloader = StubDownloader(
                progress: progress, offered: { $0 == offering ? VideoDownloaderFixture.offered : [] }
            ) { request in
                switch request.url.lastPathComponent {
                case "failing":
                    .failed(DownloadError(.parts([PartFailure(part: "video/00002.ts", reason: .status(404))])))
                case "holding": .holds
                default:
                    .complete(DownloadedCopy(playable: request.url, bytes: 12_000, quality: "360p"))
                }
            }
            func request(_ stream: String) -> @Sendable (String) -> DownloadRequest {
                { id in
                    DownloadRequest(
                        videoID: id, url: URL(string: "https://cdn.example/\(stream)")!,
                        episode: VideoDownloaderFixture.episode, duration: 8)
                }
            }
            try await check.run(
                on: VideoDownloaderFixture(
                    downloader: downloader, whole: request("whole"), failing: request("failing"),
                    holding: request("holding"), scratch: directory.url, offering: offering))
        }
    }
}
