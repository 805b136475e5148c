import Domain
import Foundation
import Ports
import Presentation
import Stubs
import Synchronization
import TestSupport
import Testing

/// A download's states, driven by the scripted downloader: how far, complete, stopped with what
/// was kept, failed with the cause and what was kept, never a state after its end.
@Suite("DownloadViewModel: waiting, downloading, stopped, failed and complete")
@MainActor
struct DownloadViewModelTests {
    static let request = DownloadRequest(
        videoID: "1", url: URL(string: "https://cdn.example/1/master.m3u8")!, quality: .best)
    static let half = DownloadProgress(bytes: 50, expectedBytes: 100, partsDone: 1, parts: 2)
    static let copy = DownloadedCopy(
        playable: URL(fileURLWithPath: "/tmp/copy/index.m3u8"), bytes: 100, quality: "720p")

    @Test func progressIsShownThenTheCopy() async {
        let model = DownloadViewModel(
            videoID: "1", downloader: StubDownloader(progress: [Self.half], ending: .complete(Self.copy)))
        #expect(model.state == .waiting)
        await model.download(Self.request)
        #expect(model.state == .complete(Self.copy))
    }

    /// A downloader whose last report reaches the main actor after its end (a part's report
    /// still on its way): the screen stays on the copy.
    @Test func aReportThatComesAfterTheEndChangesNothing() async {
        let late = LateReporter(copy: Self.copy)
        let model = DownloadViewModel(videoID: "1", downloader: late)
        await model.download(Self.request)
        late.reportNow(DownloadProgress(bytes: 200, expectedBytes: 100, partsDone: 2, parts: 2))
        for _ in 0..<20 { await Task.yield() }
        #expect(model.state == .complete(Self.copy))
    }

    @Test func aFailureSaysItsCauseAndWhatWasKept() async {
        let error = DownloadError(.parts([PartFailure(part: "video/00001.ts", reason: .status(503))]))
        let model = DownloadViewModel(
            videoID: "1", downloader: StubDownloader(progress: [Self.half], ending: .failed(error)))
        await model.download(Self.request)
        #expect(
            model.state
                == .failed(
                    message:
                        "The copy is partial: 1 part could not be fetched (video/00001.ts: the server answered 503).",
                    error.cause, kept: Self.half))
    }

    /// Parts fetched at once report in any order: how far it is never goes back.
    @Test func progressThatComesOutOfOrderNeverGoesBack() async {
        let quarter = DownloadProgress(bytes: 25, expectedBytes: 100, partsDone: 0, parts: 2)
        let model = DownloadViewModel(
            videoID: "1",
            downloader: StubDownloader(progress: [Self.half, quarter], ending: .failed(DownloadError(.cancelled))))
        await model.download(Self.request)
        #expect(model.state == .interrupted(kept: Self.half))
    }

    @Test func aStreamThatCannotBeCopiedSaysWhy() async {
        let model = DownloadViewModel(
            videoID: "1", downloader: StubDownloader(ending: .failed(DownloadError(.refused("a live playlist")))))
        await model.download(Self.request)
        #expect(
            model.state
                == .failed(
                    message: "This video cannot be downloaded: a live playlist.", .refused("a live playlist"), kept: nil
                ))
    }

    @Test func cancellingStopsItWithWhatWasKept() async throws {
        let model = DownloadViewModel(videoID: "1", downloader: StubDownloader(progress: [Self.half], ending: .holds))
        let states = ObservationRecorder { model.state }
        let running = Task { await model.download(Self.request) }
        try await states.waitUntil { $0.contains(.downloading(Self.half)) }
        model.cancel()
        await running.value
        #expect(model.state == .interrupted(kept: Self.half))
    }

    @Test func cancellingTheTaskThatDownloadsStopsItToo() async throws {
        let model = DownloadViewModel(videoID: "1", downloader: StubDownloader(progress: [Self.half], ending: .holds))
        let states = ObservationRecorder { model.state }
        let running = Task { await model.download(Self.request) }
        try await states.waitUntil { $0.contains(.downloading(Self.half)) }  // under way, not merely asked
        running.cancel()
        await running.value
        #expect(model.state == .interrupted(kept: Self.half))
    }
}

/// A downloader that completes at once and keeps its progress closure, to report later.
private final class LateReporter: VideoDownloader {
    private let copy: DownloadedCopy
    private let report = Mutex<(@Sendable (DownloadProgress) -> Void)?>(nil)

    init(copy: DownloadedCopy) {
        self.copy = copy
    }

    func download(_ request: DownloadRequest, progress: @escaping @Sendable (DownloadProgress) -> Void)
        async throws(DownloadError) -> DownloadedCopy
    {
        report.withLock { $0 = progress }
        return copy
    }

    func reportNow(_ progress: DownloadProgress) {
        report.withLock { $0 }?(progress)
    }

    // Only the download is driven here; the copies are the scripted double's to keep.
    let location = URL(fileURLWithPath: "/nonexistent")
    func qualities(at url: URL) async throws(DownloadError) -> [OfferedQuality] { [] }
    func copies() async throws(DownloadError) -> [LocalCopy] { [] }
    func copy(of videoID: String, verifying: Bool) async throws(DownloadError) -> LocalCopy? { nil }
    func remove(videoID: String) async throws(DownloadError) -> Bool { false }
    func export(videoID: String, to destination: URL) async throws(DownloadError) -> Int {
        throw DownloadError(.notComplete(videoID: videoID))
    }
}
