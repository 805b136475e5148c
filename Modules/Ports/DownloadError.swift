/// Why a download (or a copy's removal or export) stopped; what was whole stays for the next call.
public struct DownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Cause: Sendable, Equatable {
        /// The stream cannot or should not be downloaded (live, DRM, a playlist that breaks
        /// the RFC, a URI that is not http or https): the parser's words.
        case refused(String)
        /// The playlist or the file answered `status`.
        case status(Int)
        /// The playlist or the file could not be fetched.
        case transport(TransportError)
        /// These parts could not be fetched, after their retries; every other part was. The
        /// copy is partial, and the next download fetches only what is missing.
        case parts([PartFailure])
        /// The disk is full.
        case noSpace(path: String)
        /// The disk has less room than what is left to fetch (an estimate: a stream's bandwidth
        /// times its duration, or a file's length), so nothing more was fetched.
        case noRoom(needed: Int, free: Int, path: String)
        /// A file or folder of the copies could not be used.
        case io(path: String, detail: String)
        /// A download is writing this copy (another process, or another task of this one).
        case busy(path: String)
        /// There is no complete copy of the video to write out.
        case notComplete(videoID: String)
        /// The copy could not be written out as one file.
        case export(ExportFailure)
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

    /// Whether the server could not be reached (or stopped answering): the network's doing,
    /// which going on later may mend.
    public var isUnreachable: Bool {
        switch cause {
        case .transport(let error): error.isUnreachable
        case .parts(let failures): failures.contains(where: \.isUnreachable)
        default: false
        }
    }

    /// Whether going on would meet the same answer: the server refused for good (a 4xx), or
    /// what it sent can never be used.
    public var isFinal: Bool {
        switch cause {
        case .refused: true
        case .status(let status): Self.isFinal(status)
        case .parts(let failures): failures.allSatisfy(\.isFinal)
        default: false
        }
    }

    public var description: String {
        switch cause {
        case .refused(let words): words
        case .status(let status): "the server answered \(status)"
        case .transport(let error): "the stream could not be fetched: \(error.plainWords)"
        case .parts(let failures):
            failures.count == 1
                ? failures[0].description
                : "\(failures.count) parts could not be fetched: \(failures.prefix(3).map(\.description).joined(separator: "; "))"
                    + (failures.count > 3 ? "; …" : "")
        case .noSpace(let path): "the disk is full (writing \(path))"
        case .noRoom(let needed, let free, let path):
            "about \(Self.megabytes(needed)) more are needed in \(path) and the disk has \(Self.megabytes(free)) free"
        case .io(let path, let detail): "\(path) could not be used: \(detail)"
        case .busy(let path): "a download is writing it (\(path)) now"
        case .notComplete(let videoID): "there is no complete copy of video \(videoID)"
        case .export(let failure): failure.description
        case .cancelled: "the download was stopped"
        }
    }

    /// `4.2 MB`, `310 MB`: a size as a person reads it (decimal megabytes, as disks are sold).
    public static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return tenths >= 1000 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
    }
}

/// One part that could not be fetched, and why.
public struct PartFailure: Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The server answered this status.
        case status(Int)
        case transport(TransportError)
        /// It came with `received` bytes where `expected` were announced.
        case length(expected: Int, received: Int)
        /// It passed the bound set for a part (no length announced, or more than the stream can hold).
        case tooLarge(limit: Int)
        /// Fewer than `bytes` came in `seconds`: a trickle that would never end.
        case stalled(bytes: Int, seconds: Int)
        /// The whole transfer took longer than `seconds` (`--timeout`).
        case tookTooLong(seconds: Int)
        /// The server answered another range than the one asked for, or ignored it.
        case wrongRange(String)
        /// Its key could not be used: refused, or not 16 bytes.
        case key(String)
        /// Its bytes could not be decrypted.
        case decryption(String)
        /// A redirect that is not followed (to another scheme than http(s), or more than five).
        case redirect(String)
    }

    /// The part's path in the copy (`video/00007.ts`), or `the file`.
    public let part: String
    public let reason: Reason

    public init(part: String, reason: Reason) {
        self.part = part
        self.reason = reason
    }

    /// Whether another try may go otherwise: the network, or a server's passing failure.
    public var isWorthRetrying: Bool { !isFinal }

    /// Whether every try would meet the same answer.
    public var isFinal: Bool {
        switch reason {
        case .status(let status): DownloadError.isFinal(status)
        case .transport(let error): !error.isUnreachable && error.cause != .other
        case .length, .stalled, .tookTooLong: false
        case .tooLarge, .wrongRange, .key, .decryption, .redirect: true
        }
    }

    /// Whether the server could not be reached, or stopped answering.
    public var isUnreachable: Bool {
        switch reason {
        case .transport(let error): error.isUnreachable
        case .stalled, .tookTooLong: true
        default: false
        }
    }

    public var description: String { "\(part): \(words)" }

    /// Why, without the part's name: `the server answered 404`.
    public var words: String {
        switch reason {
        case .status(let status): "the server answered \(status)"
        case .transport(let error): error.plainWords
        case .length(let expected, let received):
            "it came with \(received) bytes of the \(expected) its server announced"
        case .tooLarge(let limit):
            "it passed \(DownloadError.megabytes(limit)), the most a part may be, and was removed"
        case .stalled(let bytes, let seconds): "fewer than \(bytes / 1024) KB came in \(seconds) s"
        case .tookTooLong(let seconds): "it took longer than \(seconds) s (--timeout)"
        case .wrongRange(let words), .key(let words), .decryption(let words), .redirect(let words): words
        }
    }
}

/// Why a complete copy could not be written out as one file; nothing is left under its name.
public enum ExportFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file is already at the destination.
    case exists(String)
    /// The video and its audio are apart and no `ffmpeg` is on `PATH`.
    case needsFFmpeg
    /// ffmpeg could not be started: the system's words.
    case ffmpegNotStarted(String)
    /// ffmpeg could not remux them: its last words.
    case ffmpegFailed(String)
    /// A file could not be read or written: the path and the system's words (a full disk, a
    /// folder that cannot be written, a part that cannot be read).
    case io(String, String)
    /// Stopped (Ctrl-C) before the file was whole.
    case cancelled

    public var description: String {
        switch self {
        case .exists(let path): "\(path) exists already, and is not written over"
        case .needsFFmpeg:
            "its video and its audio are apart, and putting them in one file needs ffmpeg (apt-get install ffmpeg)"
        case .ffmpegNotStarted(let words): "ffmpeg could not be started (\(words))"
        case .ffmpegFailed(let words): "ffmpeg could not put the video and the audio in one file: \(words)"
        case .io(let path, let words): "\(path) could not be used (\(words))"
        case .cancelled: "stopped before the file was whole"
        }
    }
}

extension TransportError {
    /// Whether the server could not be reached or stopped answering, as opposed to answering
    /// with something that cannot be used.
    public var isUnreachable: Bool {
        [.timedOut, .cannotConnect, .hostNotFound, .connectionLost, .offline].contains(cause)
    }

    /// What happened, in a person's words rather than a case's name: `the connection broke`.
    public var plainWords: String {
        switch cause {
        case .timedOut: "no answer came in time"
        case .cannotConnect: "no connection could be made (\(detail))"
        case .hostNotFound: "the host's name did not resolve (\(detail))"
        case .connectionLost: "the connection broke"
        case .offline: "there is no network"
        case .untrustedCertificate: "the server's certificate is not trusted (\(detail))"
        case .tlsFailed: "the secure connection failed (\(detail))"
        case .tooLarge: "the answer passed its size bound"
        case .malformed: "the answer is not HTTP (\(detail))"
        case .cancelled: "it was stopped"
        case .other: detail
        }
    }
}
