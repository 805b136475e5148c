/// Why a playlist was refused: each says what was found, and where when a line is at fault.
public enum PlaylistError: Error, Sendable, Equatable, CustomStringConvertible {
    /// It does not begin with `#EXTM3U`.
    case notAPlaylist
    /// It is longer than the parser reads (a playlist of ten million lines, say).
    case tooLarge(bytes: Int, limit: Int)
    /// It lists more segments, variants or renditions than a video has.
    case tooManyEntries(count: Int, limit: Int)
    /// It has no `EXT-X-ENDLIST`: a live stream, which has no end to download.
    case live
    /// Its segments are encrypted in a way only a DRM system decrypts (`SAMPLE-AES`, or a
    /// key format other than `identity`).
    case protected(method: String)
    /// A URI that is not http or https once resolved (`file:`, `data:`, …).
    case unsupportedScheme(uri: String)
    /// Lists variants and segments both, or neither.
    case neitherMasterNorMedia
    /// Line `line` breaks the RFC in the way `problem` says.
    case malformed(line: Int, problem: String)

    public var description: String {
        switch self {
        case .notAPlaylist: "it is not an HLS playlist (it does not begin with #EXTM3U)"
        case .tooLarge(_, let limit): "the playlist is longer than \(Self.megabytes(limit)), the most a playlist may be"
        case .tooManyEntries(let count, let limit): "the playlist lists \(count) entries, over the \(limit) read"
        case .live: "it is a live stream (its playlist has no EXT-X-ENDLIST), which has no end to download"
        case .protected(let method): "it is protected by DRM (\(method)), which only a licensed player can decrypt"
        case .unsupportedScheme(let uri): "the playlist points at \(uri), which is neither http nor https"
        case .neitherMasterNorMedia: "the playlist lists neither variants nor segments, or both"
        case .malformed(let line, let problem): "line \(line) of the playlist \(problem)"
        }
    }

    /// `4.2 MB`: a size as a person reads it (decimal megabytes).
    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
