/// Formats a video's length the way the episode rows show it.
public enum VideoDuration {
    /// `513` → `"8:33"`, `59` → `"0:59"`, `3725` → `"1:02:05"`. Negative lengths read `"0:00"`.
    public static func format(seconds: Int) -> String {
        let total = max(0, seconds)
        let hours = total / 3600
        let minutes = total % 3600 / 60
        let rest = total % 60
        let paddedSeconds = rest < 10 ? "0\(rest)" : "\(rest)"
        guard hours > 0 else { return "\(minutes):\(paddedSeconds)" }
        let paddedMinutes = minutes < 10 ? "0\(minutes)" : "\(minutes)"
        return "\(hours):\(paddedMinutes):\(paddedSeconds)"
    }
}
