import Domain
import Foundation
import Ports
import Presentation
import Stubs

extension Previews {
    /// A video copied to this machine: waiting, part way, stopped with what is kept, failed
    /// (a segment that retries did not bring, a full disk, a stream that cannot be copied),
    /// and complete.
    static let download: [Preview] = [
        Preview(.download, "waiting", state: State.waiting) { _ in model(.holds) },
        .inFlight(
            .download, "downloading", state: State.downloading(partWay), { _ in model(.holds, progress: [partWay]) },
            starting: { await $0.download(request) }, until: { $0.state != .waiting }, cancel: { $0.cancel() }),
        ended("stopped", .failed(DownloadError(.cancelled)), state: .interrupted(kept: nil)),
        ended(
            "failed-segment",
            .failed(DownloadError(.parts([PartFailure(part: "video/00007.ts", reason: .status(503))])))),
        ended("failed-disk-full", .failed(DownloadError(.noSpace(path: "/home/you/.local/share/cocoacasts/videos")))),
        ended(
            "failed-live-stream",
            .failed(DownloadError(.refused("a live playlist (no EXT-X-ENDLIST) has no end to copy"))),
            progress: []),
        ended(
            "complete",
            .complete(
                DownloadedCopy(
                    playable: URL(fileURLWithPath: "/home/you/.local/share/cocoacasts/videos/632759499/index.m3u8"),
                    bytes: 48_213_504, quality: "720p"))),
    ]

    private typealias State = DownloadViewModel.State
    /// Seven parts of twelve, 19.3 MB of an estimated 48.2 MB.
    private static let partWay = DownloadProgress(bytes: 19_345_408, expectedBytes: 48_213_504, partsDone: 7, parts: 12)
    private static let request = DownloadRequest(
        videoID: "632759499", url: URL(string: "https://player.vimeo.com/external/632759499.m3u8")!, quality: .best,
        episode: EpisodeLabel(id: 556, title: "Authenticating the Users"), duration: 513)

    @MainActor
    private static func model(_ ending: StubDownloader.Ending, progress: [DownloadProgress] = []) -> DownloadViewModel {
        DownloadViewModel(videoID: "632759499", downloader: StubDownloader(progress: progress, ending: ending))
    }

    /// The download after it ended as `ending` says, part way through; it shows `state`, or
    /// the one `ending` makes.
    private static func ended(
        _ variant: String, _ ending: StubDownloader.Ending, progress: [DownloadProgress] = [partWay],
        state: State? = nil
    ) -> Preview {
        let shown: State =
            switch ending {
            case .complete(let copy): .complete(copy)
            case .failed(let error): .failed(message: "", error.cause, kept: nil)
            case .holds: .waiting
            }
        return Preview(.download, variant, state: state ?? shown) { _ in
            model(ending, progress: progress)
        } then: {
            await $0.download(request)
        }
    }
}
