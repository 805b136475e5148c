/// Which variant of a video to keep or play: the one type the download port, the playlist
/// reader and the command line share.
public enum VideoQuality: Sendable, Equatable, CustomStringConvertible {
    /// The largest picture.
    case best
    /// The smallest picture.
    case worst
    /// The largest picture at most this many pixels high (the smallest when all are higher).
    case height(Int)

    /// `best`, `worst`, or a height with or without its `p` (`720`, `720p`); `nil` for anything else.
    public init?(_ text: String) {
        switch text.lowercased() {
        case "best": self = .best
        case "worst": self = .worst
        case let other:
            let digits = other.hasSuffix("p") ? String(other.dropLast()) : other
            guard digits.allSatisfy(\.isASCII), let height = Int(digits), height > 0 else { return nil }
            self = .height(height)
        }
    }

    /// As a person types it: `best`, `worst`, `720`.
    public var description: String {
        switch self {
        case .best: "best"
        case .worst: "worst"
        case .height(let height): String(height)
        }
    }
}
