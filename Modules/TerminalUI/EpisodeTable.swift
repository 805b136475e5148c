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
        let roomy = max(width, minimumWidth) >= Self.width
        let durationHeader = roomy ? "DURATION" : "TIME"
        return lines(
            ["ID", "TITLE", durationHeader],
            rows.map { [String($0.id), TerminalText.sanitized($0.title), TerminalText.sanitized($0.duration)] },
            minimums: [roomy ? 5 : 2, 0, CellWidth.of(durationHeader)], alignedRight: [true, false, true],
            width: max(width, minimumWidth), style: style
        ).joined(separator: "\n")
    }

    /// `header` and `rows` in columns two spaces apart, the header bold: the second column,
    /// the title, as wide as the others leave of `width` (as wide as TITLE at least, as its
    /// longest cell at most), its cells cut to fit; every other column as wide as its widest
    /// cell below the header, and `minimums` at least, aligned right where `alignedRight` says
    /// (a last column aligned left is not padded).
    static func lines(
        _ header: [String], _ rows: [[String]], minimums: [Int], alignedRight: [Bool], width: Int, style: TerminalStyle
    ) -> [String] {
        let title = CellWidth.of("TITLE")
        var widths = header.indices.map { column in
            rows.map { CellWidth.of($0[column]) }.reduce(column == 1 ? title : minimums[column], max)
        }
        let others = widths.indices.filter { $0 != 1 }.reduce(2 * (header.count - 1)) { $0 + widths[$1] }
        widths[1] = max(title, min(widths[1], width - others))
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let cell = cells[column]
                if column == 1 {
                    return TerminalText.padded(
                        TerminalText.truncated(cell, to: widths[1], ellipsis: style.ellipsis), to: widths[1])
                }
                let isLast = column == cells.count - 1
                return isLast && !alignedRight[column]
                    ? cell : TerminalText.padded(cell, to: widths[column], alignedRight: alignedRight[column])
            }.joined(separator: "  ")
        }
        return [style.bold(line(header))] + rows.map(line)
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
