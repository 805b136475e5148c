import Presentation

/// The episodes list as a table that fits the terminal: id, title, duration.
///
/// Columns are as wide as their content, up to the width: on a wide terminal the
/// duration follows the longest title, not the terminal's edge. At ``width`` cells or
/// more ID takes at least 5 cells and DURATION 8. Narrower, those two columns shrink to
/// their content (ID at least 2 cells, the duration column at least 4, under the header
/// TIME), and the title column takes the rest, titles shortened with `…`. Below
/// ``minimumWidth`` the table is laid out at that width and the terminal wraps its lines.
public enum EpisodeTable {
    /// The width the table is laid out for when the caller does not know the terminal's.
    public static let width = 80

    /// The narrowest table: still room for a few words of a title.
    public static let minimumWidth = 30

    /// The header and one line per row, each at most `width` cells (or ``minimumWidth``;
    /// more only if ids and durations so long that they leave the title no 5 cells), with
    /// every column starting at the same cell on every line.
    public static func render(
        _ rows: [EpisodeViewModel], width: Int = EpisodeTable.width, style: TerminalStyle = .plain
    ) -> String {
        let width = max(width, minimumWidth)
        let roomy = width >= Self.width
        let ids = rows.map { String($0.id) }
        let titles = rows.map { TerminalText.sanitized($0.title) }
        let durations = rows.map { TerminalText.sanitized($0.duration) }
        let durationHeader = roomy ? "DURATION" : "TIME"
        let idWidth = ids.map(CellWidth.of).reduce(roomy ? 5 : 2, max)
        let durationWidth = durations.map(CellWidth.of).reduce(CellWidth.of(durationHeader), max)
        let longestTitle = titles.map(CellWidth.of).reduce(CellWidth.of("TITLE"), max)
        let titleWidth = max(CellWidth.of("TITLE"), min(longestTitle, width - idWidth - durationWidth - 4))
        func line(_ id: String, _ title: String, _ duration: String) -> String {
            TerminalText.padded(id, to: idWidth, alignedRight: true) + "  "
                + TerminalText.padded(
                    TerminalText.truncated(title, to: titleWidth, ellipsis: style.ellipsis), to: titleWidth) + "  "
                + TerminalText.padded(duration, to: durationWidth, alignedRight: true)
        }
        let lines = rows.indices.map { line(ids[$0], titles[$0], durations[$0]) }
        return ([style.bold(line("ID", "TITLE", durationHeader))] + lines).joined(separator: "\n")
    }

    /// One line per row for a script: id, title and duration separated by tabs, whole
    /// (sanitized: a tab or line break in a title is shown, not taken as a separator), no header.
    /// The lines are written into one string as they are made (no array of lines to join).
    public static func tabSeparated(_ rows: [EpisodeViewModel]) -> String {
        var text = ""
        text.reserveCapacity(rows.reduce(0) { $0 + $1.title.utf8.count + 16 })
        for (index, row) in rows.enumerated() {
            if index > 0 { text += "\n" }
            text +=
                String(row.id) + "\t" + TerminalText.sanitized(row.title) + "\t" + TerminalText.sanitized(row.duration)
        }
        return text
    }
}
