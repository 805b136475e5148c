#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Something the file cache met and got past without failing the caller: the directory
/// refused, an entry refused or dropped as unreadable, a write that failed.
public struct FileResponseCacheProblem: Hashable, Sendable, CustomStringConvertible {
    /// What the problem concerns.
    public enum Subject: Hashable, Sendable {
        /// The whole directory, which is then not used: a user should hear of it.
        case directory
        /// One file; the cache goes on without it.
        case entry
    }

    public let subject: Subject
    /// The file or directory concerned.
    public let path: String
    /// What happened to it.
    public let detail: String

    /// `<path> was dropped: the header is not readable`.
    public var description: String { "\(path) \(detail)" }
}

/// What `status` shows of the cache.
public struct FileResponseCacheSummary: Hashable, Sendable {
    /// The cache's directory.
    public let directory: URL
    /// The number of saved entries.
    public let entryCount: Int
    /// Their total size in bytes.
    public let byteCount: Int
}
