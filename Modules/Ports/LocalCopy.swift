import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A copy on this machine, as ``VideoDownloader/copies()`` finds it: whose it is, what it
/// holds, and whether every part it lists is there.
public struct LocalCopy: Sendable, Equatable {
    /// Whether the copy can be played.
    public enum State: Sendable, Equatable {
        /// Every part is on disk with the size (and, when verified, the digest) it was written with.
        case complete
        /// `done` of `parts` are whole; the others are still to fetch, and `failed` says which
        /// the last download could not fetch, and why. `download` goes on.
        case partial(done: Int, parts: Int, failed: [PartProblem])
        /// Parts it lists as whole are missing or changed, or what describes it cannot be
        /// read: it is not played. `download` mends it, fetching only what is damaged.
        case damaged([PartProblem])
    }

    /// The video, as the copy's folder is named.
    public let videoID: String
    /// The episode whose video it is, when the download knew it (a caller may find it in the catalogue).
    public var episode: EpisodeLabel?
    /// What was kept, as a person says it (`360p`, `the file`); `nil` when it cannot be read.
    public let quality: String?
    /// The quality the download was asked for, which a later download without one goes on at.
    public let chosen: VideoQuality?
    public let state: State
    /// The bytes the copy takes on disk, partial parts included.
    public let bytes: Int
    /// When a download last wrote it.
    public let updated: Date
    /// What a player opens, once complete: the local playlist, or the file.
    public let playable: URL
    /// The video's length in seconds, when the download knew it.
    public let duration: Int?
    /// What the download was asked to keep beside the copy (``DownloadRequest/metadata``).
    public let metadata: [String: String]
    /// The segments the stream itself marks missing (`EXT-X-GAP`): none on disk, none fetched,
    /// and a player skips their time as it would online. A complete copy may have them.
    public let gaps: Int

    public init(
        videoID: String, episode: EpisodeLabel?, quality: String?, chosen: VideoQuality?, state: State, bytes: Int,
        updated: Date, playable: URL, duration: Int?, metadata: [String: String], gaps: Int = 0
    ) {
        self.videoID = videoID
        self.episode = episode
        self.quality = quality
        self.chosen = chosen
        self.state = state
        self.bytes = bytes
        self.updated = updated
        self.playable = playable
        self.duration = duration
        self.metadata = metadata
        self.gaps = gaps
    }

    /// Whether it can be played from disk.
    public var isComplete: Bool { state == .complete }
}

/// One part of a copy that is not as it should be, and why, in words a person reads:
/// `video/00007.ts` — `the server answered 404`, `it is missing`.
public struct PartProblem: Codable, Sendable, Equatable {
    /// The part's path in the copy's folder.
    public let part: String
    public let words: String

    public init(part: String, words: String) {
        self.part = part
        self.words = words
    }
}
