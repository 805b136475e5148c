import TerminalUI

/// The text of `--list`, and the heading over each preview when several are drawn.
enum Listing {
    /// A table of `previews`: a header, then one line each with name, screen and state.
    static func text(of previews: [Preview]) -> String {
        let rows = [("NAME", "SCREEN", "STATE")] + previews.map { ($0.name, $0.screen.title, $0.state) }
        let nameWidth = rows.map(\.0.count).reduce(0, max) + 2
        let screenWidth = rows.map(\.1.count).reduce(0, max) + 2
        return rows.map { name, screen, state in
            TerminalText.padded(name, to: nameWidth) + TerminalText.padded(screen, to: screenWidth) + state
        }.joined(separator: "\n")
    }

    /// The line above `preview` when several are drawn: its name, screen and state.
    static func heading(of preview: Preview, style: TerminalStyle) -> String {
        style.bold("── \(preview.name) · \(preview.screen.title) · \(preview.state) ──")
    }
}
