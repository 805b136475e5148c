import Domain
import Presentation

/// The episodes to continue as a table that fits the terminal (`ID TITLE AT LEFT`; a position
/// kept on this machine and not yet sent is marked `*`, and a last line says so), or as
/// tab-separated fields for a pipe.
public enum ContinueTable {
    /// The table, `width` cells at most (30 at least).
    public static func render(_ items: [ContinueWatchingItem], width: Int, style: TerminalStyle = .plain) -> String {
        // A mark takes a cell of its own, so that the positions line up with or without one.
        let marks = items.contains(where: \.isKeptHere)
        let rows = items.map {
            [
                String($0.episode.id), TerminalText.sanitized($0.episode.title),
                at($0) + (marks ? ($0.isKeptHere ? "*" : " ") : ""), VideoDuration.format(seconds: $0.secondsLeft),
            ]
        }
        let lines = EpisodeTable.lines(
            ["ID", "TITLE", "AT", "LEFT"], rows, minimums: [2, 0, 2, 4], alignedRight: [true, false, true, true],
            width: max(width, EpisodeTable.minimumWidth), style: style)
        return (lines + (marks ? [style.dim(keptNote)] : [])).joined(separator: "\n")
    }

    /// One line per episode: id, title, position, percent, time left, tab-separated.
    public static func tabSeparated(_ items: [ContinueWatchingItem]) -> String {
        items.map {
            [
                String($0.episode.id), TerminalText.sanitized($0.episode.title),
                VideoDuration.format(seconds: $0.cursor), "\($0.percent)%",
                VideoDuration.format(seconds: $0.secondsLeft),
            ].joined(separator: "\t")
        }.joined(separator: "\n")
    }

    /// What the mark of a position kept on this machine means.
    static let keptNote = "* kept on this machine until the server takes it"

    /// `4:10 (41%)`: where the viewer is, and how far in.
    static func at(_ item: ContinueWatchingItem) -> String {
        "\(VideoDuration.format(seconds: item.cursor)) (\(item.percent)%)"
    }
}
