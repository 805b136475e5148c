/// Which variant of a master playlist to download.
public enum Quality: Sendable, Equatable, CustomStringConvertible {
    /// The largest picture (then the highest bandwidth).
    case best
    /// The smallest picture (then the lowest bandwidth).
    case worst
    /// The largest picture at most this many pixels high; the smallest when all are higher.
    case height(Int)

    /// `best`, `worst`, or a height such as `720` or `720p`; `nil` for anything else.
    public init?(_ text: String) {
        switch text.lowercased() {
        case "best": self = .best
        case "worst": self = .worst
        default:
            let digits = text.lowercased().hasSuffix("p") ? String(text.dropLast()) : text
            guard let height = Int(digits), height > 0 else { return nil }
            self = .height(height)
        }
    }

    public var description: String {
        switch self {
        case .best: "best"
        case .worst: "worst"
        case .height(let height): "\(height)p"
        }
    }
}

extension MasterPlaylist {
    /// The variant `quality` chooses among those with a picture (all, when none says its size);
    /// `nil` when there is none.
    public func variant(for quality: Quality) -> Variant? {
        // A variant without a picture size is audio alone when others have one: never a choice then.
        let pictures = variants.filter { $0.resolution != nil }
        let ordered = (pictures.isEmpty ? variants : pictures).sorted {
            ($0.resolution?.height ?? 0, $0.bandwidth) < ($1.resolution?.height ?? 0, $1.bandwidth)
        }
        switch quality {
        case .best: return ordered.last
        case .worst: return ordered.first
        case .height(let height):
            return ordered.last { ($0.resolution?.height ?? 0) <= height } ?? ordered.first
        }
    }
}
