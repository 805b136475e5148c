#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How long ago something happened, in the words of a status line: "just now",
/// "1 minute ago", "2 hours ago", "3 days ago". Whole units, rounded down; a moment in the
/// future (a clock set back) is "just now".
public enum RelativeAge {
    /// The phrase for `date` as seen at `now`.
    public static func phrase(from date: Date, to now: Date) -> String {
        let seconds = Int(max(0, now.timeIntervalSince(date)).rounded(.down))
        let (count, unit) =
            switch seconds {
            case ..<60: (0, "")
            case ..<3_600: (seconds / 60, "minute")
            case ..<86_400: (seconds / 3_600, "hour")
            default: (seconds / 86_400, "day")
            }
        return count == 0 ? "just now" : "\(count) \(unit)\(count == 1 ? "" : "s") ago"
    }
}
