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
        // The last progress, as the downloader said it: what the end says was kept, whichever
        // of the hops to the main actor has run by then.
        let latest = Mutex<DownloadProgress?>(nil)
        let task = Task { [downloader] in
            let outcome: Result<DownloadedCopy, DownloadError>
            do throws(DownloadError) {
                outcome = .success(
                    try await downloader.download(request) { progress in
                        // Parts fetched at once report in any order: the most bytes said is how far it is.
                        let isFurther = latest.withLock { latest in
                            guard progress.bytes >= latest?.bytes ?? 0 else { return false }
                            latest = progress
                            return true
                        }
                        if isFurther { Task { @MainActor [weak self] in self?.heard(progress) } }
                    })
            } catch {
                outcome = .failure(error)
            }
            ended(outcome, kept: latest.withLock { $0 })
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
        default: "The download stopped: \(error)."
        }
    }
}
