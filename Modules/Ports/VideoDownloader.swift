#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the layer needs of a downloader: a video's stream URL in, a complete local copy out,
/// in a folder the downloader owns, with progress as it goes and a clean stop when cancelled.
///
/// A download that stops — cancelled, a part that keeps failing, a full disk — keeps every
/// part that is whole for the next call with the same destination, which fetches only what
/// is missing. A copy is only ever reported complete when every part is on disk whole:
/// never with holes. The stream URL is all the media host receives: no token is sent.
public protocol VideoDownloader: Sendable {
    /// Downloads `request.url` into `request.destination`, resuming what an earlier call
    /// left there; `progress` hears how far it is, from the task that runs it.
    func download(_ request: DownloadRequest, progress: @escaping @Sendable (DownloadProgress) -> Void)
        async throws(DownloadError) -> DownloadedCopy
}

/// One video to download.
public struct DownloadRequest: Sendable, Equatable {
    /// The stream URL: an HLS playlist, or a plain media file.
    public var url: URL
    /// Which variant of an HLS stream to keep.
    public var quality: DownloadQuality
    /// A folder for this video alone, which the downloader creates private and owns.
    public var destination: URL
    /// How many parts are fetched at once.
    public var jobs: Int
    /// What the caller wants kept beside the copy (a title, a duration), returned with it.
    public var metadata: [String: String]

    public init(
        url: URL, quality: DownloadQuality = .best, destination: URL, jobs: Int = 4, metadata: [String: String] = [:]
    ) {
        self.url = url
        self.quality = quality
        self.destination = destination
        self.jobs = max(1, jobs)
        self.metadata = metadata
    }
}

/// Which variant of a stream to keep.
public enum DownloadQuality: Sendable, Equatable {
    /// The largest picture.
    case best
    /// The smallest picture.
    case worst
    /// The largest picture at most this many pixels high (the smallest when all are higher).
    case height(Int)
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

/// A complete local copy.
public struct DownloadedCopy: Sendable, Equatable {
    /// What a player opens: the local playlist, or the file.
    public var playable: URL
    /// The bytes it takes.
    public var bytes: Int
    /// What was kept, as a person says it: `720p`, `1920×1080`, `the file`.
    public var quality: String

    public init(playable: URL, bytes: Int, quality: String) {
        self.playable = playable
        self.bytes = bytes
        self.quality = quality
    }
}

/// Why a download stopped; what was whole stays for the next call.
public struct DownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Cause: Sendable, Equatable {
        /// The stream cannot or should not be downloaded (live, DRM, a playlist that breaks
        /// the RFC, a URI that is not http or https): the parser's words.
        case refused(String)
        /// The playlist or the file answered `status`.
        case status(Int)
        /// The playlist or the file could not be fetched.
        case transport(TransportError.Cause)
        /// A part still failed after its retries: its name in the copy, and its answer or failure.
        case partFailed(part: String, status: Int?, transport: TransportError.Cause?)
        /// A part came shorter or longer than its server said it was.
        case partLength(part: String, expected: Int, received: Int)
        /// A part could not be decrypted (a key that is not 16 bytes, no libcrypto, bad padding).
        case decryption(part: String, detail: String)
        /// The disk is full.
        case noSpace(path: String)
        /// The disk has less room than what is left to fetch (an estimate: a stream's bandwidth
        /// times its duration, or a file's length), so nothing more was fetched.
        case noRoom(needed: Int, free: Int, path: String)
        /// A file or folder of the copy could not be used.
        case io(path: String, detail: String)
        /// Another process is downloading into the same folder.
        case busy(path: String)
        case cancelled
    }

    public var cause: Cause

    public init(_ cause: Cause) {
        self.cause = cause
    }

    /// Whether a server's `status` stays the same however often it is asked again: a 4xx
    /// other than 408 (timeout) and 429 (too many requests).
    public static func isFinal(_ status: Int) -> Bool {
        (400..<500).contains(status) && status != 408 && status != 429
    }

    public var description: String {
        switch cause {
        case .refused(let words): "the stream cannot be downloaded: \(words)"
        case .status(let status): "the server answered \(status)"
        case .transport(let cause): "the stream could not be fetched (\(cause))"
        case .partFailed(let part, let status, let transport):
            "part \(part) could not be fetched (\(status.map { "the server answered \($0)" } ?? transport.map { "\($0)" } ?? "no answer"))"
        case .partLength(let part, let expected, let received):
            "part \(part) came with \(received) bytes of the \(expected) its server announced"
        case .decryption(let part, let detail): "part \(part) could not be decrypted: \(detail)"
        case .noSpace(let path): "the disk is full (writing \(path))"
        case .noRoom(let needed, let free, let path):
            "about \(needed) more bytes are needed in \(path) and the disk has \(free) free"
        case .io(let path, let detail): "\(path) could not be used: \(detail)"
        case .busy(let path): "another download is writing into \(path)"
        case .cancelled: "the download was cancelled"
        }
    }
}
