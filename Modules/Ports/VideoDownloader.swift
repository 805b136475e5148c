import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the layer needs of the copies on this machine: a video's stream URL in, a complete
/// local copy out, and the copies listed, checked, removed and exported — one owner of them,
/// which takes a copy's lock for every write and removal, so that a removal and a download
/// never meet half-way.
///
/// A download that stops — cancelled, parts that keep failing, a full disk — keeps every
/// part that is whole for the next call for the same video, which fetches only what is
/// missing or damaged. A copy is complete only while every part it lists is on disk with the
/// size (and digest) it was written with: never with holes. The stream URL is all the media
/// host receives: no token is sent.
public protocol VideoDownloader: Sendable {
    /// Downloads `request.url` as video `request.videoID`'s copy, going on from (or mending)
    /// what an earlier call left; `progress` hears how far it is, from whichever of the
    /// download's tasks or the transport's thread moved it (several fetch parts at once; a
    /// plain file is written from the transport's thread), so it must be quick, first once the
    /// download holds the copy (a removal from then on is ``DownloadError/Cause/busy(path:)``).
    func download(_ request: DownloadRequest, progress: @escaping @Sendable (DownloadProgress) -> Void)
        async throws(DownloadError) -> DownloadedCopy

    /// The variants the master playlist at `url` offers, the smallest picture first, each with
    /// the qualities that choose it (`best`, `worst`); none for a plain file or a stream without
    /// a master playlist (nothing to choose). Only the playlist is fetched; nothing is written.
    func qualities(at url: URL) async throws(DownloadError) -> [OfferedQuality]

    /// Every copy, each checked by the sizes of its parts, the most recently written first.
    func copies() async throws(DownloadError) -> [LocalCopy]

    /// Video `videoID`'s copy, checked by the sizes of its parts and, when `verifying`, by
    /// their digests (every byte read); `nil` when there is none.
    func copy(of videoID: String, verifying: Bool) async throws(DownloadError) -> LocalCopy?

    /// Removes video `videoID`'s copy, whatever its state; `false` when there was none. A copy
    /// that a download is writing is not removed: ``DownloadError/Cause/busy(path:)``.
    func remove(videoID: String) async throws(DownloadError) -> Bool

    /// Writes video `videoID`'s complete copy as one file at `destination` (never over a
    /// file, never half of one); returns its size in bytes.
    func export(videoID: String, to destination: URL) async throws(DownloadError) -> Int

    /// The folder that holds the copies, as a person is told where they are.
    var location: URL { get }
}

/// One video to download.
public struct DownloadRequest: Sendable, Equatable {
    /// The video: its copy is named by it, in a folder the downloader chooses.
    public var videoID: String
    /// The stream URL: an HLS playlist, or a plain media file.
    public var url: URL
    /// Which variant of an HLS stream to keep; `nil` keeps the one the copy was started at
    /// (``/Domain/VideoQuality/best`` for a new copy).
    public var quality: VideoQuality?
    /// How many parts are fetched at once.
    public var jobs: Int
    /// The episode whose video it is, by which a person knows the copy.
    public var episode: EpisodeLabel?
    /// The video's length in seconds, when known: it bounds a body that announces no length.
    public var duration: Int?
    /// What the caller wants kept beside the copy (the server it came from), returned with it.
    public var metadata: [String: String]

    public init(
        videoID: String, url: URL, quality: VideoQuality? = nil, jobs: Int = 4, episode: EpisodeLabel? = nil,
        duration: Int? = nil, metadata: [String: String] = [:]
    ) {
        self.videoID = videoID
        self.url = url
        self.quality = quality
        self.jobs = max(1, jobs)
        self.episode = episode
        self.duration = duration
        self.metadata = metadata
    }
}

/// An episode as a copy remembers it: its id and title.
public struct EpisodeLabel: Codable, Sendable, Equatable {
    public var id: Int
    public var title: String

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// How far a download is.
public struct DownloadProgress: Sendable, Equatable {
    /// The bytes on disk, those of earlier calls included.
    public var bytes: Int
    /// The bytes the copy will have, when known (or estimated from the stream's bandwidth).
    public var expectedBytes: Int?
    /// The parts that are whole, and how many there are.
    public var partsDone: Int
    public var parts: Int

    public init(bytes: Int, expectedBytes: Int?, partsDone: Int, parts: Int) {
        self.bytes = bytes
        self.expectedBytes = expectedBytes
        self.partsDone = partsDone
        self.parts = parts
    }
}

/// A complete local copy, as a download ends.
public struct DownloadedCopy: Sendable, Equatable {
    /// What a player opens: the local playlist, or the file.
    public var playable: URL
    /// The bytes it takes.
    public var bytes: Int
    /// What was kept, as a person says it: `720p`, `1920×1080`, `the file`.
    public var quality: String
    /// The heights the stream offered, smallest first (none for a plain file).
    public var offeredHeights: [Int]
    /// What was done to an earlier copy on the way, as a person is told: a rendition started
    /// over because its playlist changed, parts fetched again because they were damaged.
    public var notes: [String]

    public init(playable: URL, bytes: Int, quality: String, offeredHeights: [Int] = [], notes: [String] = []) {
        self.playable = playable
        self.bytes = bytes
        self.quality = quality
        self.offeredHeights = offeredHeights
        self.notes = notes
    }
}

/// One variant of a stream, as `download --list-qualities` shows it.
public struct OfferedQuality: Sendable, Equatable {
    /// The picture's size, when the stream says it.
    public var width: Int?
    public var height: Int?
    /// Bits per second: the peak, and the average when the stream says it.
    public var bandwidth: Int
    public var averageBandwidth: Int?
    /// The codecs, as the stream names them (`avc1.4d401f,mp4a.40.2`).
    public var codecs: String?
    /// The qualities that choose this variant: `best`, `worst`.
    public var chosenBy: [VideoQuality]

    public init(
        width: Int?, height: Int?, bandwidth: Int, averageBandwidth: Int? = nil, codecs: String? = nil,
        chosenBy: [VideoQuality] = []
    ) {
        self.width = width
        self.height = height
        self.bandwidth = bandwidth
        self.averageBandwidth = averageBandwidth
        self.codecs = codecs
        self.chosenBy = chosenBy
    }

    /// The bytes `seconds` of it take, by its average bit rate (its peak when it says none).
    public func bytes(forSeconds seconds: Int) -> Int {
        (averageBandwidth ?? bandwidth) / 8 * seconds
    }
}
