#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a copy's folder holds (`manifest.json`): where it came from, what was chosen, and
/// whether every part is whole. Written before the first part and again at the end.
public struct DownloadManifest: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        case hls, file
    }

    /// The stream URL the copy was made from.
    public var source: String
    public var kind: Kind
    /// What was kept, as a person says it (`720p`, `the file`).
    public var quality: String
    /// What the parts are made from (the chosen variant and its segments, or the file): a
    /// new plan for the same folder starts the copy over.
    public var plan: String
    /// The file a player opens, relative to the folder.
    public var playable: String
    /// The validator a plain file's download resumes with (`If-Range`).
    public var validator: String?
    public var parts: Int
    public var bytes: Int
    public var expectedBytes: Int?
    /// Whether every part is on disk whole.
    public var complete: Bool
    /// When it was last written, seconds since 1970.
    public var updated: Double
    /// What the caller asked to keep beside the copy (``/Ports/DownloadRequest/metadata``).
    public var metadata: [String: String]?

    /// The manifest file's name in a copy's folder.
    public static let fileName = "manifest.json"

    /// Whether `source` and `url` name the same stream: their query aside, which for a signed
    /// stream URL changes with every request for the video, and on 127.0.0.1 their port, which
    /// a server of this machine's chooses anew each time it starts (the CLI's built-in mock
    /// does). The validators (`If-Range`) still tell a changed file.
    public static func isSameSource(_ source: String, _ url: URL) -> Bool {
        guard let earlier = URL(string: source) else { return false }
        let portCounts = !(earlier.host == "127.0.0.1" && url.host == "127.0.0.1")
        return (earlier.scheme, earlier.host, earlier.path) == (url.scheme, url.host, url.path)
            && (!portCounts || earlier.port == url.port)
    }
}
