/// Formats a video's length the way the episode rows show it.
public enum VideoDuration {
    /// `513` → `"8:33"`, `59` → `"0:59"`, `3725` → `"1:02:05"`. Negative lengths read `"0:00"`.
    public static func format(seconds: Int) -> String {
        let total = max(0, seconds)
        let (hours, minutes, rest) = (total / 3600, total % 3600 / 60, total % 60)
        let padded = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(padded(minutes)):\(padded(rest))" : "\(minutes):\(padded(rest))"
    }
}
