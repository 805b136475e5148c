import Foundation
import MediaDownloader
import PortContracts
import Ports
import Testing

@Suite("MediaDownloader: an HLS stream copied whole, resumed, never complete with holes", .timeLimit(.minutes(10)))
struct HLSDownloadTests {
    static let master = "https://player.example.com/external/632759499.m3u8"
    static let cdn = "https://cdn.example.com/v/632759499/"

    /// Bytes that stand for a segment: a recognisable pattern of `count` bytes.
    static func segment(_ index: Int, count: Int = 3000) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) })
    }

    /// A Vimeo-shaped stream: 540p and 1080p variants sharing one audio rendition, four segments each.
    static func vimeoShaped(_ host: FakeCDN) {
        host.serve(
            master,
            """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="English",DEFAULT=YES,URI="\(cdn)audio/playlist.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=1400000,RESOLUTION=960x540,AUDIO="audio"
            \(cdn)540p/playlist.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=4200000,RESOLUTION=1920x1080,AUDIO="audio"
            \(cdn)1080p/playlist.m3u8
            """)
        for rendition in ["540p", "1080p", "audio"] {
            let ext = rendition == "audio" ? "aac" : "ts"
            let lines = (0..<4).map { "#EXTINF:6.0,\nsegment-\($0).\(ext)" }.joined(separator: "\n")
            host.serve(
                "\(cdn)\(rendition)/playlist.m3u8",
                "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:1\n\(lines)\n#EXT-X-ENDLIST\n")
            for index in 0..<4 {
                host.serve("\(cdn)\(rendition)/segment-\(index).\(ext)", segment(index + rendition.count * 10))
            }
        }
    }

    static func download(
        _ host: FakeCDN, into directory: TemporaryDirectory, quality: DownloadQuality = .best, jobs: Int = 4
    ) async -> Result<DownloadedCopy, DownloadError> {
        let downloader = MediaDownloader(transport: host.transport, attempts: 2, timeout: 5)
        let request = DownloadRequest(
            url: URL(string: master)!, quality: quality, destination: directory.file("copy"), jobs: jobs)
        do {
            return .success(try await downloader.download(request) { _ in })
        } catch {
            return .failure(error)
        }
    }

    @Test func theChosenVariantAndItsAudioAreCopiedByteForByteWithAPlaylistForDisk() async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        try await TemporaryDirectory.with { directory in
            let copy = try await Self.download(host, into: directory).get()
            #expect(copy.quality == "1080p")
            #expect(copy.bytes == 8 * 3000)
            for index in 0..<4 {
                let video = try Data(contentsOf: directory.file("copy/video/0000\(index).ts"))
                #expect(video == Self.segment(index + "1080p".count * 10))
                let audio = try Data(contentsOf: directory.file("copy/audio/0000\(index).aac"))
                #expect(audio == Self.segment(index + "audio".count * 10))
            }
            #expect(host.count("\(Self.cdn)540p/segment-0.ts") == 0, "the other variant is not fetched")
            let local = try String(contentsOf: copy.playable, encoding: .utf8)
            #expect(local.contains("URI=\"audio/index.m3u8\"") && local.contains("video/index.m3u8"))
            let video = try String(contentsOf: directory.file("copy/video/index.m3u8"), encoding: .utf8)
            #expect(video.contains("#EXTINF:6.0,\n00000.ts") && video.hasSuffix("#EXT-X-ENDLIST\n"))
            #expect(!video.contains("https:"), "the local playlist names local files only")
            #expect(try TemporaryDirectory.mode(of: directory.file("copy")) == "700")
            #expect(try TemporaryDirectory.mode(of: directory.file("copy/video/00000.ts")) == "600")
            #expect(host.transport.requests.allSatisfy { $0.headers["Authorization"] == nil })
        }
    }

    @Test(arguments: [(DownloadQuality.worst, "540p"), (.height(720), "540p"), (.height(1080), "1080p")])
    func aQualityChoosesTheVariant(quality: DownloadQuality, label: String) async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        try await TemporaryDirectory.with { directory in
            let copy = try await Self.download(host, into: directory, quality: quality).get()
            #expect(copy.quality == label)
        }
    }

    /// A segment that keeps failing fails the download by its name; what was whole stays, and
    /// the next run fetches only what is missing.
    @Test func aFailingSegmentStopsTheCopyAndTheNextRunFetchesOnlyWhatIsMissing() async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        let failing = "\(Self.cdn)1080p/segment-2.ts"
        host.fail(failing, status: 500)
        try await TemporaryDirectory.with { directory in
            let failure = await Self.download(host, into: directory, jobs: 1).failure
            #expect(failure == DownloadError(.partFailed(part: "video/00002.ts", status: 500, transport: nil)))
            #expect(host.count(failing) == 2, "tried again once, as the downloader was told")
            let manifest = try String(contentsOf: directory.file("copy/manifest.json"), encoding: .utf8)
            #expect(manifest.contains("\"complete\" : false"))
            #expect(!FileManager.default.fileExists(atPath: directory.file("copy/video/00002.ts").path))
            #expect(!FileManager.default.fileExists(atPath: directory.file("copy/index.m3u8").path))
            host.heal(failing)
            let before = host.total
            let copy = try await Self.download(host, into: directory).get()
            #expect(copy.bytes == 8 * 3000)
            #expect(host.count(failing) == 3)
            #expect(host.count("\(Self.cdn)1080p/segment-0.ts") == 1, "whole parts are not fetched again")
            // The two playlists of the plan, the master, and the parts the first run did not finish.
            #expect(host.total - before == 3 + 8 - 2, "fetched again: \(host.total - before)")
        }
    }

    @Test func aSegmentShorterThanItsLengthIsNeverWhole() async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        host.announce("\(Self.cdn)1080p/segment-1.ts", length: 4000)
        try await TemporaryDirectory.with { directory in
            let failure = await Self.download(host, into: directory).failure
            #expect(failure == DownloadError(.partLength(part: "video/00001.ts", expected: 4000, received: 3000)))
            #expect(!FileManager.default.fileExists(atPath: directory.file("copy/video/00001.ts").path))
        }
    }

    @Test func byteRangesOfOneFileBecomeFilesOfTheirOwn() async throws {
        let host = FakeCDN()
        let whole = Self.segment(7, count: 10_000)
        host.serve("\(Self.cdn)all.mp4", whole)
        host.serve(
            Self.master,
            """
            #EXTM3U
            #EXT-X-TARGETDURATION:4
            #EXT-X-MAP:URI="\(Self.cdn)all.mp4",BYTERANGE="1000@0"
            #EXTINF:4,
            #EXT-X-BYTERANGE:4000@1000
            \(Self.cdn)all.mp4
            #EXTINF:4,
            #EXT-X-BYTERANGE:5000
            \(Self.cdn)all.mp4
            #EXT-X-ENDLIST
            """)
        try await TemporaryDirectory.with { directory in
            let copy = try await Self.download(host, into: directory).get()
            #expect(copy.bytes == 10_000)
            #expect(try Data(contentsOf: directory.file("copy/video/init-0.mp4")) == whole.prefix(1000))
            #expect(try Data(contentsOf: directory.file("copy/video/00000.mp4")) == whole.subdata(in: 1000..<5000))
            #expect(try Data(contentsOf: directory.file("copy/video/00001.mp4")) == whole.subdata(in: 5000..<10_000))
            let video = try String(contentsOf: directory.file("copy/video/index.m3u8"), encoding: .utf8)
            #expect(video.contains("#EXT-X-MAP:URI=\"init-0.mp4\"") && !video.contains("BYTERANGE"))
        }
    }

    @Test(arguments: [
        (
            "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n",
            "neither http nor https"
        ),
        ("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\nlive.ts\n", "live stream"),
        ("#EXTM3U\n#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://x\"\n", "DRM"),
    ])
    func aStreamThatMustNotBeDownloadedIsRefusedBeforeAnyPart(playlist: String, words: String) async throws {
        let host = FakeCDN()
        host.serve(Self.master, playlist)
        try await TemporaryDirectory.with { directory in
            let failure = try #require(await Self.download(host, into: directory).failure)
            guard case .refused(let said) = failure.cause else {
                Issue.record("\(failure)")
                return
            }
            #expect(said.contains(words))
            #expect(host.total == 1)
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.file("copy").path)
            #expect(Set(left).isSubset(of: [".lock"]), "\(left)")
        }
    }

    @Test func aSecondDownloadIntoTheSameFolderIsRefusedWhileTheFirstRuns() async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        try await TemporaryDirectory.with { directory in
            let slow = SpyTransport { request in
                try await Task.sleep(for: .milliseconds(100))
                return try await host.transport.send(request)
            }
            let request = DownloadRequest(url: URL(string: Self.master)!, destination: directory.file("copy"), jobs: 1)
            async let first = MediaDownloader(transport: slow).download(request) { _ in }
            try await Task.sleep(for: .milliseconds(150))
            await #expect(throws: DownloadError(.busy(path: directory.file("copy").path))) {
                try await MediaDownloader(transport: host.transport).download(request) { _ in }
            }
            #expect(try await first.bytes == 8 * 3000)
        }
    }
}

extension Result {
    /// The failure, when it is one.
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
