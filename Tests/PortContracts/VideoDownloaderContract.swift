import Domain
import Foundation
import Ports
import Testing

/// The behaviour of every ``VideoDownloader``: copies made, listed by their episodes, kept
/// partial rather than stopped by a part that fails, removed only when no download writes
/// them, and written out as one file. Each case starts from an empty library.
public typealias VideoDownloaderContract = Contract<VideoDownloaderFixture>

/// What a ``VideoDownloaderContract`` case runs on: a downloader with no copies, and the
/// requests its world answers.
public struct VideoDownloaderFixture: Sendable {
    public let downloader: any VideoDownloader
    /// A request for video `id` that downloads whole, in several parts.
    public let whole: @Sendable (_ id: String) -> DownloadRequest
    /// A request for video `id` one of whose parts the server refuses for good (404).
    public let failing: @Sendable (_ id: String) -> DownloadRequest
    /// A request for video `id` whose download holds until it is cancelled.
    public let holding: @Sendable (_ id: String) -> DownloadRequest
    /// A folder of the test's, where exports go.
    public let scratch: URL
    /// A stream whose master playlist offers 720p, 180p and 360p pictures and a variant of
    /// audio alone (``offered``).
    public let offering: URL

    public init(
        downloader: any VideoDownloader, whole: @escaping @Sendable (String) -> DownloadRequest,
        failing: @escaping @Sendable (String) -> DownloadRequest,
        holding: @escaping @Sendable (String) -> DownloadRequest, scratch: URL, offering: URL
    ) {
        self.downloader = downloader
        self.whole = whole
        self.failing = failing
        self.holding = holding
        self.scratch = scratch
        self.offering = offering
    }

    /// What ``offering`` offers, smallest first: the pictures, never the audio alone.
    public static let offered = [
        OfferedQuality(
            width: 320, height: 180, bandwidth: 400_000, codecs: "avc1.42c014,mp4a.40.2", chosenBy: [.worst]),
        OfferedQuality(width: 640, height: 360, bandwidth: 800_000, averageBandwidth: 700_000, codecs: "avc1.42c01e"),
        OfferedQuality(width: 1280, height: 720, bandwidth: 2_000_000, chosenBy: [.best]),
    ]

    /// ``offering``'s master playlist, its variants in no order.
    public static let offeringPlaylist = """
        #EXTM3U
        #EXT-X-STREAM-INF:BANDWIDTH=800000,AVERAGE-BANDWIDTH=700000,RESOLUTION=640x360,CODECS="avc1.42c01e"
        v360.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720
        v720.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.2"
        audio.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x180,CODECS="avc1.42c014,mp4a.40.2"
        v180.m3u8

        """

    /// The episode every request names.
    public static let episode = EpisodeLabel(id: 553, title: "Adopting the Model-View-ViewModel Pattern")
}

extension Contract where Subject == VideoDownloaderFixture {
    /// Every case of the contract.
    public static var cases: [VideoDownloaderContract] {
        [
            VideoDownloaderContract("an empty library lists nothing, has no copy, removes nothing") {
                fixture async throws in
                #expect(try await fixture.downloader.copies().isEmpty)
                #expect(try await fixture.downloader.copy(of: "1", verifying: true) == nil)
                #expect(try await fixture.downloader.remove(videoID: "1") == false)
            },
            VideoDownloaderContract(
                "a stream's qualities are listed smallest first, with best and worst, nothing written"
            ) {
                fixture async throws in
                #expect(try await fixture.downloader.qualities(at: fixture.offering) == VideoDownloaderFixture.offered)
                #expect(try await fixture.downloader.qualities(at: fixture.whole("1").url).isEmpty, "one variant")
                #expect(try await fixture.downloader.copies().isEmpty)
            },
            VideoDownloaderContract("a download is a complete copy, named by its episode") { fixture async throws in
                let copy = try await fixture.downloader.download(fixture.whole("1")) { _ in }
                #expect(copy.bytes > 0)
                let listed = try await fixture.downloader.copies()
                #expect(listed.map(\.videoID) == ["1"])
                let found = try #require(listed.first)
                #expect(found.isComplete && found.episode == VideoDownloaderFixture.episode, "\(found)")
                #expect(found.quality == copy.quality && found.bytes >= copy.bytes)
                #expect(try await fixture.downloader.copy(of: "1", verifying: true)?.state == .complete)
            },
            VideoDownloaderContract("the copies are listed the most recently written first") { fixture async throws in
                _ = try await fixture.downloader.download(fixture.whole("1")) { _ in }
                _ = try await fixture.downloader.download(fixture.whole("2")) { _ in }
                #expect(try await fixture.downloader.copies().map(\.videoID) == ["2", "1"])
            },
            VideoDownloaderContract("a part that fails for good leaves a partial copy naming it") {
                fixture async throws in
                do throws(DownloadError) {
                    _ = try await fixture.downloader.download(fixture.failing("1")) { _ in }
                    Issue.record("a download with a part refused for good was called complete")
                } catch {
                    guard case .parts(let failures) = error.cause else { throw error }
                    #expect(failures.count == 1 && failures[0].reason == .status(404), "\(failures)")
                    #expect(error.isFinal && !error.isUnreachable)
                }
                let copy = try #require(try await fixture.downloader.copy(of: "1", verifying: false))
                guard case .partial(let done, let parts, let failed) = copy.state else {
                    Issue.record("\(copy.state)")
                    return
                }
                #expect(done == parts - 1 && failed.count == 1, "every other part was fetched: \(copy.state)")
            },
            VideoDownloaderContract("a removed copy is gone; removed again, there was none") { fixture async throws in
                _ = try await fixture.downloader.download(fixture.whole("1")) { _ in }
                #expect(try await fixture.downloader.remove(videoID: "1"))
                #expect(try await fixture.downloader.copies().isEmpty)
                #expect(try await fixture.downloader.remove(videoID: "1") == false)
            },
            VideoDownloaderContract("a copy being downloaded is not removed, and the download goes on") {
                fixture async throws in
                // The download's first report comes once it holds the copy.
                let (reports, report) = AsyncStream.makeStream(of: Void.self)
                let downloading = Task {
                    defer { report.finish() }  // a download that ends first ends the wait too
                    _ = try await fixture.downloader.download(fixture.holding("1")) { _ in report.yield() }
                }
                for await _ in reports { break }
                var refused: DownloadError?
                do throws(DownloadError) {
                    _ = try await fixture.downloader.remove(videoID: "1")
                } catch {
                    refused = error
                }
                guard case .busy? = refused?.cause else {
                    Issue.record("\(String(describing: refused))")
                    return
                }
                downloading.cancel()
                await #expect(throws: DownloadError(.cancelled)) { try await downloading.value }
            },
            VideoDownloaderContract("a complete copy is written once as one file, never over one") {
                fixture async throws in
                let copy = try await fixture.downloader.download(fixture.whole("1")) { _ in }
                let target = fixture.scratch.appendingPathComponent("episode-553.ts")
                #expect(try await fixture.downloader.export(videoID: "1", to: target) == copy.bytes)
                #expect(try Data(contentsOf: target).count == copy.bytes)
                await #expect(throws: DownloadError(.export(.exists(target.path)))) {
                    try await fixture.downloader.export(videoID: "1", to: target)
                }
            },
            VideoDownloaderContract("a copy that is not complete is not written out") { fixture async throws in
                await #expect(throws: DownloadError.self) {
                    try await fixture.downloader.download(fixture.failing("1")) { _ in }
                }
                let target = fixture.scratch.appendingPathComponent("partial.ts")
                await #expect(throws: DownloadError(.notComplete(videoID: "1"))) {
                    try await fixture.downloader.export(videoID: "1", to: target)
                }
                #expect(!FileManager.default.fileExists(atPath: target.path))
            },
        ]
    }
}
