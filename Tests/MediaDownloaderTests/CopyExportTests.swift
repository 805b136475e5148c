import Foundation
import MediaDownloader
import PortContracts
import Ports
import Testing

/// One file of a copy whose video has no audio apart: its segments joined in the playlist's
/// order; and no file at all from a copy with holes.
@Suite("MediaDownloader.export: a rendition's segments joined, never from a copy with holes")
struct CopyExportTests {
    static let playlist = "https://cdn.example.com/one/index.m3u8"

    /// A stream of two segments, the first the longer, served by a host of its own.
    static func host() -> FakeCDN {
        let host = FakeCDN()
        host.serve(
            playlist,
            "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nb.ts\n#EXTINF:2,\na.ts\n#EXT-X-ENDLIST\n")
        host.serve("https://cdn.example.com/one/b.ts", Data(repeating: 1, count: 3000))
        host.serve("https://cdn.example.com/one/a.ts", Data(repeating: 2, count: 5))
        return host
    }

    @Test func theSegmentsAreJoinedInThePlaylistsOrder() async throws {
        let host = Self.host()
        try await TemporaryDirectory.with { directory in
            let downloader = MediaDownloader(transport: host.transport, root: directory.file("videos"))
            _ = try await downloader.download(DownloadRequest(videoID: "1", url: URL(string: Self.playlist)!)) { _ in }
            let file = directory.file("one.ts")
            #expect(try await downloader.export(videoID: "1", to: file) == 3005)
            #expect(try Data(contentsOf: file) == Data(repeating: 1, count: 3000) + Data(repeating: 2, count: 5))
            await #expect(throws: DownloadError(.export(.exists(file.path)))) {
                try await downloader.export(videoID: "1", to: file)
            }
        }
    }

    @Test func aCopyWithHolesWritesNothing() async throws {
        let host = Self.host()
        host.fail("https://cdn.example.com/one/a.ts", status: 404)
        try await TemporaryDirectory.with { directory in
            let downloader = MediaDownloader(transport: host.transport, root: directory.file("videos"))
            await #expect(throws: DownloadError.self) {
                try await downloader.download(DownloadRequest(videoID: "1", url: URL(string: Self.playlist)!)) { _ in }
            }
            let file = directory.file("one.ts")
            await #expect(throws: DownloadError(.notComplete(videoID: "1"))) {
                try await downloader.export(videoID: "1", to: file)
            }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }
}
