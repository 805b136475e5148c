import Domain
import Foundation
import MediaDownloader
import PortContracts
import Ports
import Testing

/// A download of a stream as CDNs write it: signed URIs requested byte for byte as written,
/// and gaps the packager marks kept out of the copy and said.
@Suite("download: a stream as CDNs and packagers write it")
struct StreamAsCDNsWriteTests {
    static let playlist = "https://cdn.example.com/v/7/index.m3u8"

    static func download(_ host: FakeCDN, into directory: TemporaryDirectory) async throws -> DownloadedCopy {
        let downloader = HLSDownloadTests.downloader(host.transport, in: directory)
        return try await downloader.download(
            DownloadRequest(videoID: "7", url: URL(string: playlist)!, quality: .best)
        ) { _ in }
    }

    @Test func aSignedSegmentIsRequestedWithItsEscapesAsWritten() async throws {
        let host = FakeCDN()
        host.serve(
            Self.playlist,
            "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nmy seg%2B0.ts?sig=ab%2Fcd%3D&x=a|b\n#EXT-X-ENDLIST\n")
        let signed = "https://cdn.example.com/v/7/my%20seg%2B0.ts?sig=ab%2Fcd%3D&x=a%7Cb"
        host.serve(signed, HLSDownloadTests.segment(0))
        try await TemporaryDirectory.with { directory in
            let copy = try await Self.download(host, into: directory)
            #expect(host.count(signed) == 1)
            #expect(copy.bytes == 3000)
        }
    }

    @Test func aGapIsNeverFetchedAndTheCompleteCopySaysItHasOne() async throws {
        let host = FakeCDN()
        host.serve(
            Self.playlist,
            """
            #EXTM3U
            #EXT-X-TARGETDURATION:2
            #EXTINF:2,
            a.ts
            #EXT-X-GAP
            #EXTINF:2,
            missing.ts
            #EXTINF:2,
            c.ts
            #EXT-X-ENDLIST

            """)
        host.serve("https://cdn.example.com/v/7/a.ts", HLSDownloadTests.segment(0))
        host.serve("https://cdn.example.com/v/7/c.ts", HLSDownloadTests.segment(2))
        try await TemporaryDirectory.with { directory in
            let copy = try await Self.download(host, into: directory)
            #expect(host.count("https://cdn.example.com/v/7/missing.ts") == 0)
            #expect(copy.notes.contains { $0.contains("leaves 0:02 out (EXT-X-GAP)") }, "\(copy.notes)")
            let local = try String(contentsOf: directory.file("videos/7/video/index.m3u8"), encoding: .utf8)
            #expect(local.contains("#EXT-X-GAP\n#EXTINF:2.0,\ngap-00001.ts\n#EXTINF:2.0,\n00002.ts"), "\(local)")
            let listed = try #require(
                try await HLSDownloadTests.downloader(host.transport, in: directory).copy(of: "7", verifying: true))
            #expect(listed.state == .complete && listed.gaps == 1)
        }
    }

    /// A redirect's `Location` is resolved as a playlist's URI is: its escapes kept as written.
    @Test func aRedirectsLocationKeepsItsEscapes() async throws {
        let host = FakeCDN()
        host.serve(Self.playlist, "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\na.ts\n#EXT-X-ENDLIST\n")
        host.redirect("https://cdn.example.com/v/7/a.ts", to: "x%2B y.ts?s=a%2Fb|c")
        let signed = "https://cdn.example.com/v/7/x%2B%20y.ts?s=a%2Fb%7Cc"
        host.serve(signed, HLSDownloadTests.segment(0))
        try await TemporaryDirectory.with { directory in
            let copy = try await Self.download(host, into: directory)
            #expect(host.count(signed) == 1 && copy.bytes == 3000)
        }
    }

    /// A key that keeps failing is asked as often as the retry policy allows its part, no more:
    /// the part's tries are the key's.
    @Test func aFailingKeyIsAskedOnceForEachTryOfItsPart() async throws {
        let host = FakeCDN()
        host.serve(
            Self.playlist,
            "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-KEY:METHOD=AES-128,URI=\"k.bin\"\n#EXTINF:2,\na.ts\n#EXT-X-ENDLIST\n"
        )
        host.fail("https://cdn.example.com/v/7/k.bin", status: 503)
        host.serve("https://cdn.example.com/v/7/a.ts", HLSDownloadTests.segment(0))
        try await TemporaryDirectory.with { directory in
            await #expect(throws: DownloadError(.parts([PartFailure(part: "video/00000.ts", reason: .status(503))]))) {
                _ = try await Self.download(host, into: directory)
            }
            #expect(host.count("https://cdn.example.com/v/7/k.bin") == HLSDownloadTests.twoTries.maximumAttempts)
        }
    }
}
