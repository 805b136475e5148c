import Domain
import Ports

/// A download's one line on a terminal, as yt-dlp and curl draw theirs:
/// `[2/3] Authenticating the Users  42%  12.3/29.4 MB  2.9 MB/s  0:06 left`.
///
/// It fits `width` cells: the title is cut first, then it goes, then the time left, the rate
/// and the sizes, so that the count and the percent stay at any width from 10 cells. A total
/// estimated from the stream's bit rate (a stream of several parts) reads `~29.4 MB`.
public struct DownloadLine: Sendable {
    /// The episode's title, when known.
    public var title: String?
    /// Its place in a batch, and the batch's size (none for one video).
    public var place: (Int, Int)?
    public var progress: DownloadProgress
    /// The rate averaged over the last seconds; `nil` until there is one.
    public var bytesPerSecond: Double?

    public init(title: String?, place: (Int, Int)?, progress: DownloadProgress, bytesPerSecond: Double?) {
        self.title = title
        self.place = place
        self.progress = progress
        self.bytesPerSecond = bytesPerSecond
    }

    /// The line, at most `width` cells.
    public func text(width: Int) -> String {
        let count = place.map { "[\($0.0)/\($0.1)]" }
        var facts = [percent, sizes, rate, timeLeft].compactMap { $0 }
        func line(_ title: String?) -> String {
            ([count, title].compactMap { $0 } + facts).joined(separator: "  ")
        }
        if let title = title.map({ TerminalText.sanitized($0) }), !title.isEmpty {
            let room = width - CellWidth.of(line(nil)) - 2
            if room >= CellWidth.of(title) { return line(title) }
            if room >= 8 { return line(TerminalText.truncated(title, to: room)) }
        }
        while CellWidth.of(line(nil)) > width, facts.count > 1 { facts.removeLast() }
        return TerminalText.truncated(line(nil), to: width)
    }

    /// `42%`, or the parts when no size is known: `3/10 parts`.
    private var percent: String {
        guard let total = total, total > 0 else { return "\(progress.partsDone)/\(progress.parts) parts" }
        return "\(min(99, progress.bytes * 100 / total))%"
    }

    /// `12.3/29.4 MB`, `980 kB/~1.2 MB`, or the bytes alone when the total is not known.
    private var sizes: String {
        let done = ByteSize.text(progress.bytes)
        guard let total = total else { return done }
        let whole = (isEstimate ? "~" : "") + ByteSize.text(total)
        let (doneUnit, wholeUnit) = (done.split(separator: " ").last, whole.split(separator: " ").last)
        return doneUnit == wholeUnit ? "\(done.split(separator: " ")[0])/\(whole)" : "\(done)/\(whole)"
    }

    private var rate: String? {
        bytesPerSecond.map { "\(ByteSize.text(Int($0)))/s" }
    }

    /// `0:06 left`, once there is a rate and a total.
    private var timeLeft: String? {
        guard let bytesPerSecond, bytesPerSecond > 0, let total else { return nil }
        let seconds = Int((Double(max(0, total - progress.bytes)) / bytesPerSecond).rounded(.up))
        return "\(VideoDuration.format(seconds: seconds)) left"
    }

    /// The total: the size announced (never below what is done), or, for a stream of parts,
    /// what the parts done so far say the whole will be once a quarter of them are done.
    private var total: Int? {
        if isEstimate, progress.partsDone * 4 >= progress.parts, progress.partsDone > 0 {
            return max(progress.bytes, progress.bytes * progress.parts / progress.partsDone)
        }
        return progress.expectedBytes.map { max($0, progress.bytes) }
    }

    /// Whether the total is estimated: a stream's parts, whose sizes are known only once fetched.
    private var isEstimate: Bool { progress.parts > 1 }
}
