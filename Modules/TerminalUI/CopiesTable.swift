import Ports
import Presentation

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The copies on this machine as a table that fits the terminal (`EP TITLE QUALITY SIZE STATE
/// UPDATED`, a copy that is not complete followed by a line of what it lacks), or as
/// tab-separated fields for a pipe.
public enum CopiesTable {
    /// The table, `width` cells at most (30 at least), ages said from `now`.
    public static func render(_ copies: [LocalCopy], width: Int, now: Date, style: TerminalStyle = .plain) -> String {
        let width = max(width, EpisodeTable.minimumWidth)
        let rows = copies.map { copy in
            [
                copy.episode.map { String($0.id) } ?? "–", title(copy), TerminalText.sanitized(copy.quality ?? "–"),
                ByteSize.text(copy.bytes), state(copy.state), RelativeAge.phrase(from: copy.updated, to: now),
            ]
        }
        let table = EpisodeTable.lines(
            ["EP", "TITLE", "QUALITY", "SIZE", "STATE", "UPDATED"], rows, minimums: [2, 0, 2, 2, 2, 2],
            alignedRight: [true, false, true, true, false, false], width: width, style: style)
        var lines = [table[0]]
        for (copy, line) in zip(copies, table.dropFirst()) {
            lines.append(line)
            if let lack = lack(copy.state, all: copies.count == 1) ?? gaps(copy) {
                lines.append(style.dim(TerminalText.truncated("  " + lack, to: width, ellipsis: style.ellipsis)))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One line per copy: episode id (empty when unknown), title, quality, bytes, state, and
    /// when it was last written (ISO 8601), tab-separated.
    public static func tabSeparated(_ copies: [LocalCopy]) -> String {
        copies.map { copy in
            [
                copy.episode.map { String($0.id) } ?? "", title(copy), TerminalText.sanitized(copy.quality ?? ""),
                String(copy.bytes), state(copy.state), Date.ISO8601FormatStyle().format(copy.updated),
            ].joined(separator: "\t")
        }.joined(separator: "\n")
    }

    /// `Adopting the Model-View-ViewModel Pattern`, or `video 632759499` when no episode is known.
    public static func title(_ copy: LocalCopy) -> String {
        TerminalText.sanitized(copy.episode?.title ?? "video \(copy.videoID)")
    }

    /// `complete`, `partial, 3 of 8 parts`, `damaged`.
    public static func state(_ state: LocalCopy.State) -> String {
        switch state {
        case .complete: "complete"
        case .partial(let done, let parts, _): "partial, \(done) of \(parts) parts"
        case .damaged: "damaged"
        }
    }

    /// What a complete copy's stream itself leaves out (`EXT-X-GAP`), which no download mends.
    public static func gaps(_ copy: LocalCopy) -> String? {
        guard copy.gaps > 0 else { return nil }
        let segments = copy.gaps == 1 ? "1 segment" : "\(copy.gaps) segments"
        return "the stream itself leaves \(segments) out (EXT-X-GAP): a player skips them"
    }

    /// What a copy that is not complete lacks, and what mends it: every problem when `all`,
    /// else the first and how many more.
    public static func lack(_ state: LocalCopy.State, all: Bool) -> String? {
        let problems: [PartProblem]
        let mend: String
        switch state {
        case .complete: return nil
        case .partial(_, _, let failed):
            guard !failed.isEmpty else { return nil }
            problems = failed
            mend = "not fetched"
        case .damaged(let found):
            problems = found
            mend = "damaged"
        }
        let shown = all ? problems : Array(problems.prefix(1))
        let more = problems.count - shown.count
        return "\(mend): "
            + shown.map { "\(TerminalText.sanitized($0.part)) (\(TerminalText.sanitized($0.words)))" }
            .joined(separator: "; ") + (more > 0 ? "; and \(more) more" : "")
    }
}
