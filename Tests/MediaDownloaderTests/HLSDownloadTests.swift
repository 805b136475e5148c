import Domain
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

    /// Two tries, the second soon after the first.
    static let twoTries = RetryPolicy(maximumAttempts: 2, baseDelay: 0.05, maximumDelay: 1)

    /// The downloader of `directory`'s library (`videos`), over `transport`.
    static func downloader(_ transport: any HTTPTransport, in directory: TemporaryDirectory) -> MediaDownloader {
        MediaDownloader(transport: transport, root: directory.file("videos"), retryPolicy: Self.twoTries, timeout: 5)
    }

    /// A request for the stream, copied as video `copy` (the folder `videos/copy`).
    static func request(quality: VideoQuality? = .best, jobs: Int = 4) -> DownloadRequest {
        DownloadRequest(videoID: "copy", url: URL(string: master)!, quality: quality, jobs: jobs)
    }

    static func download(
        _ host: FakeCDN, into directory: TemporaryDirectory, quality: VideoQuality? = .best, jobs: Int = 4
    ) async -> Result<DownloadedCopy, DownloadError> {
        do throws(DownloadError) {
            let downloader = downloader(host.transport, in: directory)
            return .success(try await downloader.download(request(quality: quality, jobs: jobs)) { _ in })
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
                let video = try Data(contentsOf: directory.file("videos/copy/video/0000\(index).ts"))
                #expect(video == Self.segment(index + "1080p".count * 10))
                let audio = try Data(contentsOf: directory.file("videos/copy/audio/0000\(index).aac"))
                #expect(audio == Self.segment(index + "audio".count * 10))
            }
            #expect(host.count("\(Self.cdn)540p/segment-0.ts") == 0, "the other variant is not fetched")
            let local = try String(contentsOf: copy.playable, encoding: .utf8)
            #expect(local.contains("URI=\"audio/index.m3u8\"") && local.contains("video/index.m3u8"))
            let video = try String(contentsOf: directory.file("videos/copy/video/index.m3u8"), encoding: .utf8)
            #expect(video.contains("#EXTINF:6.0,\n00000.ts") && video.hasSuffix("#EXT-X-ENDLIST\n"))
            #expect(!video.contains("https:"), "the local playlist names local files only")
            #expect(try TemporaryDirectory.mode(of: directory.file("videos/copy")) == "700")
            #expect(try TemporaryDirectory.mode(of: directory.file("videos/copy/video/00000.ts")) == "600")
            #expect(host.transport.requests.allSatisfy { $0.headers["Authorization"] == nil })
        }
    }

    @Test(arguments: [(VideoQuality.worst, "540p"), (.height(720), "540p"), (.height(1080), "1080p")])
    func aQualityChoosesTheVariant(quality: VideoQuality, label: String) async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        try await TemporaryDirectory.with { directory in
            let copy = try await Self.download(host, into: directory, quality: quality).get()
            #expect(copy.quality == label)
        }
    }

    /// A segment that keeps failing does not stop the others: every other part is fetched, the
    /// copy is partial and names it, and the next run fetches only it.
    @Test func aFailingSegmentLeavesThePartialCopyAndTheNextRunFetchesOnlyIt() async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        let failing = "\(Self.cdn)1080p/segment-2.ts"
        host.fail(failing, status: 503)
        try await TemporaryDirectory.with { directory in
            let failure = await Self.download(host, into: directory, jobs: 1).failure
            #expect(failure == DownloadError(.parts([PartFailure(part: "video/00002.ts", reason: .status(503))])))
            #expect(host.count(failing) == 2, "tried again once, as the downloader was told")
            for index in [0, 1, 3] { #expect(host.count("\(Self.cdn)1080p/segment-\(index).ts") == 1) }
            let copy = try #require(
                try await Self.downloader(host.transport, in: directory).copy(of: "copy", verifying: false))
            #expect(
                copy.state
                    == .partial(
                        done: 7, parts: 8,
                        failed: [PartProblem(part: "video/00002.ts", words: "the server answered 503")]))
            #expect(!FileManager.default.fileExists(atPath: directory.file("videos/copy/video/00002.ts").path))
            #expect(!FileManager.default.fileExists(atPath: directory.file("videos/copy/index.m3u8").path))
            host.heal(failing)
            let copied = try await Self.download(host, into: directory).get()
            #expect(copied.bytes == 8 * 3000)
            #expect(host.count(failing) == 3)
            #expect(host.count("\(Self.cdn)1080p/segment-0.ts") == 2, "a whole part is asked only whether it changed")
            // The first run's three parts and two tries of the failing one, then the failing one alone.
            #expect(
                host.transport.requests.filter { $0.method == "GET" && $0.url.absoluteString.hasSuffix(".ts") }.count
                    == 3 + 2 + 1)
        }
    }

    /// A part of a copy that went missing or shrank after it was complete: the copy is damaged,
    /// said by its part; the next download fetches that part alone and says so.
    @Test func aDamagedCopyIsSaidAndMendedByFetchingOnlyItsDamagedParts() async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        try await TemporaryDirectory.with { directory in
            _ = try await Self.download(host, into: directory).get()
            let downloader = Self.downloader(host.transport, in: directory)
            let part = directory.file("videos/copy/video/00001.ts")
            try Data(count: 100).write(to: part)
            try FileManager.default.removeItem(at: directory.file("videos/copy/audio/00003.aac"))
            #expect(
                try await downloader.copies().first?.state
                    == .damaged([
                        PartProblem(part: "video/00001.ts", words: "it is 100 bytes, not the 3000 it was written with"),
                        PartProblem(part: "audio/00003.aac", words: "it is missing"),
                    ]))
            let before = host.transport.requests.filter { $0.method == "GET" }.count
            let mended = try await Self.download(host, into: directory).get()
            #expect(mended.notes == ["2 damaged parts were fetched again"])
            #expect(try Data(contentsOf: part) == Self.segment(1 + "1080p".count * 10))
            // The master and its two playlists, then the two parts.
            #expect(host.transport.requests.filter { $0.method == "GET" }.count - before == 3 + 2)
            #expect(try await downloader.copy(of: "copy", verifying: true)?.state == .complete)
        }
    }

    /// Bytes changed in place (the size kept): listing says nothing, as it reads sizes; a
    /// verification reads every byte, says the part, and the next download fetches it again.
    @Test func aPartWhoseBytesChangedIsFoundByVerifyingAndFetchedAgain() async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        try await TemporaryDirectory.with { directory in
            _ = try await Self.download(host, into: directory).get()
            let downloader = Self.downloader(host.transport, in: directory)
            let part = directory.file("videos/copy/video/00002.ts")
            try Data(repeating: 0x47, count: 3000).write(to: part)
            #expect(try await downloader.copies().first?.state == .complete, "sizes alone cannot tell")
            let verified = try await downloader.copy(of: "copy", verifying: true)
            #expect(
                verified?.state
                    == .damaged([
                        PartProblem(part: "video/00002.ts", words: "its bytes are not the ones it was written with")
                    ]))
            #expect(try await downloader.copies().first?.isComplete == false, "what the digests found is kept")
            _ = try await Self.download(host, into: directory).get()
            #expect(try Data(contentsOf: part) == Self.segment(2 + "1080p".count * 10))
            #expect(try await downloader.copy(of: "copy", verifying: true)?.state == .complete)
        }
    }

    /// Another process removing parts while the download runs: the download does not call the
    /// copy complete, and says why.
    @Test func partsRemovedWhileDownloadingAreNeverCalledComplete() async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        try await TemporaryDirectory.with { directory in
            let first = directory.file("videos/copy/video/00000.ts")
            let meddling = SpyTransport { request in
                // The last audio segment comes once the first video part is whole: remove it then.
                if request.url.absoluteString.hasSuffix("audio/segment-3.aac") {
                    try FileManager.default.removeItem(at: first)
                }
                return try await host.transport.send(request)
            }
            await #expect(throws: DownloadError.self) {
                try await Self.downloader(meddling, in: directory).download(Self.request(jobs: 1)) { _ in }
            }
            let copy = try await Self.downloader(host.transport, in: directory).copy(of: "copy", verifying: false)
            #expect(copy?.isComplete == false, "\(String(describing: copy?.state))")
            #expect(!FileManager.default.fileExists(atPath: directory.file("videos/copy/index.m3u8").path))
            _ = try await Self.download(host, into: directory).get()
            #expect(FileManager.default.fileExists(atPath: first.path))
        }
    }

    /// A resume whose media playlist changed on the server starts that rendition over, and says
    /// so; one whose segment changed (its ETag) fetches that segment again.
    @Test func aStreamThatChangedBetweenRunsIsNeverSpliced() async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        let failing = "\(Self.cdn)1080p/segment-3.ts"
        host.fail(failing, status: 503)
        try await TemporaryDirectory.with { directory in
            _ = await Self.download(host, into: directory, jobs: 1)
            host.heal(failing)
            // The video's playlist gains a segment; the audio keeps its playlist, one segment changed.
            let lines = (0..<5).map { "#EXTINF:6.0,\nsegment-\($0).ts" }.joined(separator: "\n")
            host.serve(
                "\(Self.cdn)1080p/playlist.m3u8",
                "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:1\n\(lines)\n#EXT-X-ENDLIST\n")
            host.serve("\(Self.cdn)1080p/segment-4.ts", Self.segment(99))
            host.serve("\(Self.cdn)audio/segment-1.aac", Self.segment(77, count: 3100))
            let copy = try await Self.download(host, into: directory).get()
            #expect(
                copy.notes == [
                    "the server's video playlist changed since the last download: its parts are fetched again",
                    "1 part changed on the server since the last download: fetched again",
                ], "\(copy.notes)")
            #expect(
                try Data(contentsOf: directory.file("videos/copy/audio/00001.aac")) == Self.segment(77, count: 3100))
            let gets = { (url: String) in
                host.transport.requests.filter { $0.method == "GET" && $0.url.absoluteString == url }.count
            }
            #expect(gets("\(Self.cdn)1080p/segment-0.ts") == 2, "the rendition started over")
            #expect(gets("\(Self.cdn)audio/segment-0.aac") == 1, "the audio's unchanged parts were kept")
        }
    }

    /// A copy made at one quality goes on at it when no quality is asked for; another one
    /// replaces it.
    @Test func aCopyRemembersItsQuality() async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        try await TemporaryDirectory.with { directory in
            #expect(try await Self.download(host, into: directory, quality: .worst).get().quality == "540p")
            let again = try await Self.download(host, into: directory, quality: nil).get()
            #expect(again.quality == "540p" && host.count("\(Self.cdn)1080p/playlist.m3u8") == 0)
            #expect(try await Self.download(host, into: directory, quality: .best).get().quality == "1080p")
            #expect(try await Self.download(host, into: directory, quality: nil).get().quality == "1080p")
            let copy = try await Self.downloader(host.transport, in: directory).copy(of: "copy", verifying: false)
            #expect(copy?.chosen == .best)
        }
    }

    @Test func aSegmentShorterThanItsLengthIsNeverWhole() async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        host.announce("\(Self.cdn)1080p/segment-1.ts", length: 4000)
        try await TemporaryDirectory.with { directory in
            let failure = await Self.download(host, into: directory).failure
            #expect(
                failure
                    == DownloadError(
                        .parts([PartFailure(part: "video/00001.ts", reason: .length(expected: 4000, received: 3000))])))
            #expect(!FileManager.default.fileExists(atPath: directory.file("videos/copy/video/00001.ts").path))
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
            #expect(try Data(contentsOf: directory.file("videos/copy/video/init-0.mp4")) == whole.prefix(1000))
            #expect(
                try Data(contentsOf: directory.file("videos/copy/video/00000.mp4")) == whole.subdata(in: 1000..<5000))
            #expect(
                try Data(contentsOf: directory.file("videos/copy/video/00001.mp4")) == whole.subdata(in: 5000..<10_000))
            let video = try String(contentsOf: directory.file("videos/copy/video/index.m3u8"), encoding: .utf8)
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
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.file("videos/copy").path)
            #expect(left.isEmpty, "\(left)")
        }
    }

    @Test func aSecondDownloadIntoTheSameFolderIsRefusedWhileTheFirstRuns() async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        try await TemporaryDirectory.with { directory in
            // The first download's first request waits until the second was refused: by then
            // the first holds the copy's lock, which it takes before it asks for anything.
            let gate = SpyGate()
            gate.holdNext()
            let held = SpyTransport { request in
                await gate.hook(false)
                return try await host.transport.send(request)
            }
            let request = Self.request(jobs: 1)
            async let first = Self.downloader(held, in: directory).download(request) { _ in }
            try await gate.waitUntilCalled()
            await #expect(throws: DownloadError(.busy(path: directory.file("videos/copy").path))) {
                try await Self.downloader(host.transport, in: directory).download(request) { _ in }
            }
            gate.releaseAll()
            #expect(try await first.bytes == 8 * 3000)
        }
    }

    /// A signed CDN gives every segment a new token on every request: a resume keeps what it
    /// has, as the stream is the same.
    @Test func aResumeKeepsItsPartsWhenOnlyTheSegmentsTokensChanged() async throws {
        let host = FakeCDN()
        let playlist = "https://cdn.example.com/signed/index.m3u8"
        func serve(token: String) {
            let lines = (0..<4).map { "#EXTINF:2,\nseg-\($0).ts?token=\(token)" }.joined(separator: "\n")
            host.serve(playlist, "#EXTM3U\n#EXT-X-TARGETDURATION:2\n\(lines)\n#EXT-X-ENDLIST\n")
            for index in 0..<4 {
                host.serve("https://cdn.example.com/signed/seg-\(index).ts?token=\(token)", Self.segment(index))
            }
        }
        serve(token: "first")
        host.fail("https://cdn.example.com/signed/seg-3.ts?token=first", status: 503)
        try await TemporaryDirectory.with { directory in
            let downloader = Self.downloader(host.transport, in: directory)
            let request = DownloadRequest(videoID: "copy", url: URL(string: playlist)!, jobs: 1)
            await #expect(throws: DownloadError.self) { try await downloader.download(request) { _ in } }
            serve(token: "second")
            let copy = try await downloader.download(request) { _ in }
            #expect(copy.notes.isEmpty, "\(copy.notes)")
            let gets = host.transport.requests.filter { $0.method == "GET" && $0.url.query == "token=second" }
            #expect(gets.map(\.url.lastPathComponent) == ["seg-3.ts"], "only the missing part")
        }
    }

    /// A media host that cannot be reached fails every part: once one says so, no more parts
    /// start, so the download ends in a job's retries, not in every part's.
    @Test func aHostThatCannotBeReachedStopsTheDownloadSoon() async throws {
        let host = FakeCDN()
        Self.vimeoShaped(host)
        let refusing = SpyTransport { request in
            guard request.url.absoluteString.hasSuffix(".ts") || request.url.absoluteString.hasSuffix(".aac") else {
                return try await host.transport.send(request)
            }
            throw TransportError(.cannotConnect, "Failed to connect: Connection refused")
        }
        try await TemporaryDirectory.with { directory in
            let failure = await #expect(throws: DownloadError.self) {
                try await Self.downloader(refusing, in: directory).download(Self.request(jobs: 2)) { _ in }
            }
            #expect(failure?.isUnreachable == true)
            let parts = refusing.requests.filter { !$0.url.absoluteString.hasSuffix(".m3u8") }
            #expect(parts.count <= 2 * 2, "two jobs, two tries each: \(parts.count)")
        }
    }

    /// Two segments that share a key the server refuses each fail by their own name.
    @Test func aRefusedKeyFailsEverySegmentByItsOwnName() async throws {
        let host = FakeCDN()
        let base = "https://cdn.example.com/keyed/"
        host.serve(
            Self.master,
            "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-KEY:METHOD=AES-128,URI=\"\(base)key\"\n#EXTINF:2,\n\(base)a.ts\n"
                + "#EXTINF:2,\n\(base)b.ts\n#EXT-X-ENDLIST\n")
        host.serve(base + "a.ts", Data(count: 32))
        host.serve(base + "b.ts", Data(count: 32))
        host.fail(base + "key", status: 403)
        try await TemporaryDirectory.with { directory in
            let failure = await Self.download(host, into: directory, jobs: 2).failure
            guard case .parts(let failures)? = failure?.cause else {
                Issue.record("\(String(describing: failure))")
                return
            }
            #expect(failures.map(\.part) == ["video/00000.ts", "video/00001.ts"])
            #expect(failures.allSatisfy { $0.reason == .key("its key's server answered 403") })
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
