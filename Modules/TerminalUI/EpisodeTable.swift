import Presentation

/// The episodes list as a table that fits the terminal: id, title, duration.
public enum EpisodeTable {
    /// The width the table is laid out for.
    public static let width = 80

    /// The header and one line per row, each at most ``width`` characters.
    public static func render(_ rows: [EpisodeRowViewModel], style: TerminalStyle = .plain) -> String {
        let titleWidth = width - 5 - 2 - 2 - 8
        let header =
            TerminalText.padded("ID", to: 5, alignedRight: true) + "  "
            + TerminalText.padded("TITLE", to: titleWidth) + "  " + TerminalText.padded("DURATION", to: 8)
        let lines = rows.map { row in
            TerminalText.padded(String(row.id), to: 5, alignedRight: true) + "  "
                + TerminalText.padded(
                    TerminalText.truncated(TerminalText.sanitized(row.title), to: titleWidth), to: titleWidth)
                + "  " + TerminalText.padded(row.duration, to: 8, alignedRight: true)
        }
        return ([style.bold(header)] + lines).joined(separator: "\n")
    }
}
