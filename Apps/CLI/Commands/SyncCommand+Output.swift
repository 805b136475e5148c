import Domain
import Ports
import Presentation
import TerminalUI

extension SyncCommand {
    /// What `sync --json` prints: every episode by what became of it.
    struct Output: Encodable {
        let dryRun: Bool
        let interrupted: Bool
        let kept: [Copy]
        let fetched: [Copy]
        let removed: [Copy]
        let skipped: [Left]
        let failed: [Left]

        init(_ report: SyncReport) {
            dryRun = report.dryRun
            interrupted = report.interrupted
            kept = report.kept.map { Copy($0.episode, quality: $0.copy?.quality, bytes: $0.copy?.bytes) }
            fetched = report.fetched.map {
                Copy($0.wanted.episode, quality: $0.copy?.quality, bytes: $0.copy?.bytes ?? $0.estimatedBytes)
            }
            removed = report.removed.map { Copy($0.episode, quality: $0.copy.quality, bytes: $0.copy.bytes) }
            skipped = report.skipped.map {
                Left(id: $0.episode.id, videoID: $0.episode.videoID, why: Screens.skipDetail($0.reason))
            }
            failed = report.failed.map { Left(id: $0.episode.id, videoID: $0.episode.videoID, why: $0.message) }
        }
    }

    /// An episode's copy: kept, fetched (in a dry run, its size by the bit rate), removed.
    struct Copy: Encodable {
        let id: Int
        let title: String
        let videoID: String
        let quality: String?
        let bytes: Int?

        init(_ episode: Episode, quality: String?, bytes: Int?) {
            id = episode.id
            title = episode.title
            videoID = episode.videoID
            self.quality = quality
            self.bytes = bytes
        }
    }

    /// An episode left as it was, and why.
    struct Left: Encodable {
        let id: Int
        let videoID: String
        let why: String
    }
}
