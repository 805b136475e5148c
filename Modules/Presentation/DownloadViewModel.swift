import Domain
import Observation
import Ports
import Synchronization

/// A video being copied to this machine: waiting to start, how far it is, stopped with what is
/// kept (to go on later), failed with the cause, or complete.
///
/// What was whole when it stopped stays on disk for the next download of the same video
/// (``/Ports/VideoDownloader``): `interrupted` and `failed` are both resumable.
@MainActor
@Observable
public final class DownloadViewModel {
    /// Everything the download's screen can show.
    public enum State: Equatable, Sendable {
        /// Not started yet.
        case waiting
        /// Parts arriving: how far, as the downloader last said.
        case downloading(DownloadProgress)
        /// Stopped by the viewer (Ctrl-C); what was whole is kept and the next download goes on.
        case interrupted(kept: DownloadProgress?)
        /// Stopped by a failure that retries did not mend: the sentence for the screen and the
        /// cause; what was whole is kept.
        case failed(message: String, DownloadError.Cause, kept: DownloadProgress?)
        /// Every part is on disk whole.
        case complete(DownloadedCopy)
    }

    /// The video copied.
    public let videoID: String
    /// What the screen shows.
    public private(set) var state = State.waiting

    @ObservationIgnored private let downloader: any VideoDownloader
    @ObservationIgnored private var running: Task<Void, Never>?

    /// Nothing is fetched until ``download(_:)``.
    public init(videoID: String, downloader: any VideoDownloader) {
        self.videoID = videoID
        self.downloader = downloader
    }

    /// Downloads `request`, and returns once it is complete, failed or stopped.
    public func download(_ request: DownloadRequest) async {
        let latest = LatestProgress()
        let task = Task { [downloader] in
            let outcome = await Result { () async throws(DownloadError) in
                try await downloader.download(request) { progress in
                    guard latest.record(progress) else { return }
                    Task { @MainActor [weak self] in
                        if let newest = latest.takeForTheScreen() { self?.heard(newest) }
                    }
                }
            }
            ended(outcome, kept: latest.value)
        }
        running = task
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Stops the download: what is whole is kept, and the state says so.
    public func cancel() {
        running?.cancel()
    }

    /// What the downloader said; later than the end, or behind what the screen shows, it changes nothing.
    private func heard(_ progress: DownloadProgress) {
        switch state {
        case .waiting: state = .downloading(progress)
        case .downloading(let shown) where progress.bytes >= shown.bytes: state = .downloading(progress)
        case .downloading, .interrupted, .failed, .complete: break
        }
    }

    private func ended(_ outcome: Result<DownloadedCopy, DownloadError>, kept: DownloadProgress?) {
        switch outcome {
        case .success(let copy):
            state = .complete(copy)
        case .failure(let error) where error.cause == .cancelled:
            state = .interrupted(kept: kept)
        case .failure(let error):
            state = .failed(message: Self.message(for: error), error.cause, kept: kept)
        }
    }

    /// The screen's sentence for `error`: what stopped the download, or why the video cannot
    /// be downloaded at all.
    static func message(for error: DownloadError) -> String {
        switch error.cause {
        case .refused(let words): "This video cannot be downloaded: \(words)."
        case .parts(let failures):
            "The copy is partial: \(failures.count == 1 ? "1 part" : "\(failures.count) parts") could not be fetched "
                + "(\(failures.prefix(3).map(\.description).joined(separator: "; "))\(failures.count > 3 ? "; …" : ""))."
        default: "The download stopped: \(error)."
        }
    }
}

/// The last progress a download said, shared by the downloader's reports and the main actor:
/// what the end says was kept, whichever hop to the main actor has run by then. One hop at a
/// time carries the newest, as a download reports every chunk, far more often than a screen
/// is drawn.
private final class LatestProgress: Sendable {
    private let state = Mutex<(progress: DownloadProgress?, hopping: Bool)>((nil, false))

    /// The most bytes said so far, as parts fetched at once report in any order.
    var value: DownloadProgress? { state.withLock { $0.progress } }

    /// Keeps `progress` when it is further; says whether a hop must carry it (none is on its way).
    func record(_ progress: DownloadProgress) -> Bool {
        state.withLock { state in
            guard progress.bytes >= state.progress?.bytes ?? 0 else { return false }
            state.progress = progress
            defer { state.hopping = true }
            return !state.hopping
        }
    }

    /// The newest progress, for the hop that has arrived; the next report sends another.
    func takeForTheScreen() -> DownloadProgress? {
        state.withLock { state in
            state.hopping = false
            return state.progress
        }
    }
}
