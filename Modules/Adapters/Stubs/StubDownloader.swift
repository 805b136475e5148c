import Foundation
import Ports

/// The scripted ``/Ports/VideoDownloader`` for previews and tests: reports the script's
/// progress, in order, then ends as the script says — complete, failed, or held until the
/// download is cancelled (which then ends it `cancelled`, as the real one ends).
public struct StubDownloader: VideoDownloader {
    /// How the script ends.
    public enum Ending: Sendable {
        case complete(DownloadedCopy)
        case failed(DownloadError)
        /// Holds until cancelled, as a download in progress.
        case holds
    }

    private let progress: [DownloadProgress]
    private let ending: Ending

    /// A downloader that reports `progress` and then ends with `ending`.
    public init(progress: [DownloadProgress] = [], ending: Ending) {
        self.progress = progress
        self.ending = ending
    }

    public func download(_ request: DownloadRequest, progress report: @escaping @Sendable (DownloadProgress) -> Void)
        async throws(DownloadError) -> DownloadedCopy
    {
        for step in progress { report(step) }
        switch ending {
        case .complete(let copy):
            return copy
        case .failed(let error):
            throw error
        case .holds:
            do {
                while true { try await Task.sleep(for: .seconds(3600)) }
            } catch {
                throw DownloadError(.cancelled)
            }
        }
    }
}
