import Domain
import Presentation

/// The episodes to continue as a table that fits the terminal (`ID TITLE AT LEFT`; a position
/// kept on this machine and not yet sent is marked `*`, and a last line says so), or as
/// tab-separated fields for a pipe.
public enum ContinueTable {
    /// The table, `width` cells at most (30 at least).
    public static func render(_ items: [ContinueWatchingItem], width: Int, style: TerminalStyle = .plain) -> String {
        let width = max(width, EpisodeTable.minimumWidth)
        let ids = items.map { String($0.episode.id) }
        let titles = items.map { TerminalText.sanitized($0.episode.title) }
        // A mark takes a cell of its own, so that the positions line up with or without one.
        let marks = items.contains(where: \.isKeptHere)
        let ats = items.map { at($0) + (marks ? ($0.isKeptHere ? "*" : " ") : "") }
        let lefts = items.map { VideoDuration.format(seconds: $0.secondsLeft) }
        let idWidth = ids.map(CellWidth.of).reduce(2, max)
        let atWidth = ats.map(CellWidth.of).reduce(2, max)
        let leftWidth = lefts.map(CellWidth.of).reduce(4, max)
        let longestTitle = titles.map(CellWidth.of).reduce(CellWidth.of("TITLE"), max)
        let titleWidth = max(
            CellWidth.of("TITLE"), min(longestTitle, width - idWidth - atWidth - leftWidth - 6))
        func line(_ id: String, _ title: String, _ at: String, _ left: String) -> String {
            TerminalText.padded(id, to: idWidth, alignedRight: true) + "  "
                + TerminalText.padded(
                    TerminalText.truncated(title, to: titleWidth, ellipsis: style.ellipsis), to: titleWidth) + "  "
                + TerminalText.padded(at, to: atWidth, alignedRight: true) + "  "
                + TerminalText.padded(left, to: leftWidth, alignedRight: true)
        }
        let lines = items.indices.map { line(ids[$0], titles[$0], ats[$0], lefts[$0]) }
        let kept = marks ? [style.dim(keptNote)] : []
        return ([style.bold(line("ID", "TITLE", "AT", "LEFT"))] + lines + kept).joined(separator: "\n")
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
