import Domain
import Foundation
import PortContracts
import Ports
import Presentation
import Stores
import Stubs
import Testing

/// `sync` over the scripted service and downloader: what it removes, fetches and leaves, and
/// that nothing changes when the server cannot be reached.
@MainActor
@Suite("SyncViewModel: keeping the next episodes ready")
struct SyncViewModelTests {
    let service: StubAPIService
    let store = InMemoryKeyValueStore()
    let server = SyncPlanTests.server

    init() {
        let content = PreviewContent(
            episodes: SyncPlanTests.episodes, video: Samples.scriptedVideo, tokens: SampleTokens.first,
            progress: VideoProgress(videoID: "", cursor: 0), updatedProgress: VideoProgress(videoID: "", cursor: 0))
        service = StubAPIService(content: content)
    }

    /// A downloader whose streams offer 360p at 80 kB/s (41.04 MB for 513 s) and 180p at 8 kB/s
    /// (4.104 MB), and whose copies are complete, of the size the bit rate gives.
    static func downloader() -> StubDownloader {
        StubDownloader(offered: { _ in
            [
                OfferedQuality(width: 320, height: 180, bandwidth: 64_000, chosenBy: [.worst]),
                OfferedQuality(width: 640, height: 360, bandwidth: 640_000, chosenBy: [.best]),
            ]
        }) { request in
            .complete(
                DownloadedCopy(
                    playable: URL(fileURLWithPath: "/copies/\(request.videoID)"),
                    bytes: request.quality == .worst ? 4_104_000 : 41_040_000, quality: "360p"))
        }
    }

    /// The report of `model`'s plan carried out (dry, `dryRun`).
    static func synced(_ model: SyncViewModel, dryRun: Bool = false) async throws -> SyncReport {
        await model.plan()
        await model.sync(dryRun: dryRun)
        guard case .done(let report) = model.state else { throw SyncNotDone(state: model.state) }
        return report
    }

    struct SyncNotDone: Error {
        let state: SyncViewModel.State
    }

    func model(_ downloader: StubDownloader, rules: SyncRules = SyncRules()) -> SyncViewModel {
        SyncViewModel(
            apiService: service, downloader: downloader,
            keptPositions: KeptPositionStoreFixture(store: store).keptPositions(),
            history: WatchHistoryFixture(store: store).history(), server: server, rules: rules)
    }

    /// Makes a copy of episode `id` as `sync` (or the viewer) would.
    func copy(_ id: Int, in downloader: StubDownloader, bySync: Bool) async throws {
        let metadata = bySync ? ["server": server, SyncPlan.madeByKey: SyncPlan.madeBySyncValue] : ["server": server]
        _ = try await downloader.download(
            DownloadRequest(videoID: "video-\(id)", url: Samples.scriptedVideo.videoURL, metadata: metadata)
        ) { _ in }
    }

    @Test func itRemovesTheFinishedThenFetchesTheNextMarkedAsItsOwn() async throws {
        let downloader = Self.downloader()
        try await copy(1, in: downloader, bySync: true)
        service.cursors = ["video-1": 513, "video-2": 100]
        let model = model(downloader)
        let report = try await Self.synced(model)
        #expect(report.removed.map(\.episode.id) == [1])
        #expect(report.fetched.map(\.wanted.episode.id) == [2, 3, 4])
        let copies = try await downloader.copies()
        #expect(Set(copies.map(\.videoID)) == ["video-2", "video-3", "video-4"])
        #expect(copies.allSatisfy { $0.metadata[SyncPlan.madeByKey] == SyncPlan.madeBySyncValue })
        #expect(report.failed.isEmpty && !report.interrupted)
    }

    @Test func aServerThatCannotBeReachedChangesNothing() async throws {
        let downloader = Self.downloader()
        try await copy(1, in: downloader, bySync: true)
        service.cursors = ["video-1": 513]
        service.catalogueSource = .saved(savedAt: Date(), unreachable: .unreachable)
        let model = model(downloader)
        await model.plan()
        guard case .failed(_, .api(let error)) = model.state else { Issue.record("\(model.state)"); return }
        #expect(error.kind == .unreachable)
        await model.sync()
        #expect(try await downloader.copies().map(\.videoID) == ["video-1"], "the finished copy is kept")
        // The positions unreachable, with the catalogue fresh: the same.
        service.catalogueSource = .network
        service.progressFailures = ["video-3": .unreachable]
        await model.plan()
        guard case .failed = model.state else { Issue.record("\(model.state)"); return }
    }

    @Test func maxSizeSkipsAnEpisodeThatWouldPassItAndThoseAfter() async throws {
        let downloader = Self.downloader()
        service.cursors = ["video-2": 100]
        // The best is about 41 MB an episode: one fits in 50 MB; the worst, 4.1 MB, three do.
        let model = model(downloader, rules: SyncRules(maxBytes: 50_000_000))
        let report = try await Self.synced(model)
        #expect(report.fetched.map(\.wanted.episode.id) == [2])
        #expect(report.skipped.map(\.episode.id) == [3, 4])
        #expect(report.skipped.first?.reason == .overMaxSize(bytes: 41_040_000 - (50_000_000 - 41_040_000)))
        #expect(report.skipped.last?.reason == .maxSizeReached)
        let worst = self.model(Self.downloader(), rules: SyncRules(maxBytes: 50_000_000, quality: .worst))
        let cheaper = try await Self.synced(worst)
        #expect(cheaper.fetched.map(\.wanted.episode.id) == [2, 3, 4])
    }

    @Test func aDryRunSizesAndChangesNothing() async throws {
        let downloader = Self.downloader()
        try await copy(1, in: downloader, bySync: true)
        service.cursors = ["video-1": 513, "video-2": 100]
        let model = model(downloader, rules: SyncRules(maxBytes: 100_000_000))
        let report = try await Self.synced(model, dryRun: true)
        #expect(report.fetched.map(\.wanted.episode.id) == [2, 3])
        #expect(report.fetched.map(\.estimatedBytes) == [41_040_000, 41_040_000])
        #expect(report.removed.map(\.episode.id) == [1], "what it would remove")
        #expect(try await downloader.copies().map(\.videoID) == ["video-1"])
    }

    @Test func aVideoThatCannotBeReachedStopsTheFetchesAndIsReported() async throws {
        service.cursors = ["video-2": 100]
        let model = model(Self.downloader())
        await model.plan()
        service.videoResult = .failure(.unreachable)
        await model.sync()
        guard case .done(let report) = model.state else { Issue.record("\(model.state)"); return }
        #expect(report.failed.map(\.episode.id) == [2], "the first fails, and the rest are not asked")
        #expect(report.fetched.isEmpty)
    }

    /// A partial copy counts for what it holds: 30 MB of the first episode on disk leave 20 MB
    /// of 50 MB, and the 11.04 MB it still needs fit; the next, 41.04 MB, does not.
    @Test func aPartialCopyCountsAgainstMaxSize() async throws {
        let downloader = Self.downloader()
        downloader.keep(
            LocalCopy(
                videoID: "video-2", episode: nil, quality: "360p", chosen: .best,
                state: .partial(done: 3, parts: 4, failed: []), bytes: 30_000_000, updated: Date(),
                playable: URL(fileURLWithPath: "/copies/video-2"), duration: 513,
                metadata: ["server": server, SyncPlan.madeByKey: SyncPlan.madeBySyncValue]))
        service.cursors = ["video-2": 100]
        let model = model(downloader, rules: SyncRules(maxBytes: 50_000_000))
        let report = try await Self.synced(model)
        #expect(report.fetched.map(\.wanted.episode.id) == [2])
        #expect(report.fetched.first?.estimatedBytes == 11_040_000)
        #expect(report.skipped.first?.reason == .overMaxSize(bytes: 41_040_000 - (50_000_000 - 41_040_000)))
    }

    /// A plain file cannot be sized before it is fetched: it is counted once it is, and then
    /// nothing passes the bound.
    @Test func aFileOfUnknownSizeIsCountedOnceFetched() async throws {
        let downloader = StubDownloader { request in
            .complete(
                DownloadedCopy(
                    playable: URL(fileURLWithPath: "/\(request.videoID)"), bytes: 60_000_000, quality: "the file"))
        }
        service.cursors = ["video-2": 100]
        let model = model(downloader, rules: SyncRules(maxBytes: 50_000_000))
        let report = try await Self.synced(model)
        #expect(report.fetched.map(\.wanted.episode.id) == [2])
        #expect(report.skipped.map(\.reason) == [.maxSizeReached, .maxSizeReached])
    }

    /// A stream that cannot be sized is that episode's failure, said with its cause.
    @Test func aStreamThatCannotBeSizedIsAFailure() async throws {
        let downloader = StubDownloader(offered: { _ in [] }) { _ in .holds }
        let failing = FailingQualities(downloader)
        service.cursors = ["video-2": 100]
        let model = SyncViewModel(
            apiService: service, downloader: failing,
            keptPositions: KeptPositionStoreFixture(store: store).keptPositions(),
            history: WatchHistoryFixture(store: store).history(), server: server,
            rules: SyncRules(episodes: 1, maxBytes: 50_000_000))
        let report = try await Self.synced(model)
        #expect(report.failed.map(\.episode.id) == [2])
        #expect(report.failed.first?.message.contains("404") == true, "\(report.failed)")
    }
}

/// A downloader whose streams' master playlists are answered 404.
private struct FailingQualities: VideoDownloader {
    let base: StubDownloader

    init(_ base: StubDownloader) {
        self.base = base
    }

    func qualities(at url: URL) async throws(DownloadError) -> [OfferedQuality] {
        throw DownloadError(.status(404))
    }

    func download(_ request: DownloadRequest, progress: @escaping @Sendable (DownloadProgress) -> Void)
        async throws(DownloadError) -> DownloadedCopy
    {
        try await base.download(request, progress: progress)
    }

    func copies() async throws(DownloadError) -> [LocalCopy] { try await base.copies() }

    func copy(of videoID: String, verifying: Bool) async throws(DownloadError) -> LocalCopy? {
        try await base.copy(of: videoID, verifying: verifying)
    }

    func remove(videoID: String) async throws(DownloadError) -> Bool { try await base.remove(videoID: videoID) }

    func export(videoID: String, to destination: URL) async throws(DownloadError) -> Int {
        try await base.export(videoID: videoID, to: destination)
    }

    var location: URL { base.location }
}
