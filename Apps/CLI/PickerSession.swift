import Domain
import TerminalUI

/// The picker on the terminal: an inline list below what is shown (no full-screen takeover),
/// drawn on standard error, moved with the arrows or Ctrl-N/Ctrl-P, narrowed as the viewer
/// types; Enter chooses, Esc or Ctrl-C cancels. It follows a resize, and leaves nothing on the
/// screen and the terminal's modes as it found them.
@MainActor
enum PickerSession {
    /// How often the width is checked while no key comes, to follow a resize.
    static let resizeCheckMilliseconds: Int32 = 150

    /// The episode chosen among `rows`; `nil` when cancelled, or when standard input is no terminal.
    static func choose(from rows: [EpisodePicker.Row], on console: any Console, style: TerminalStyle) -> Episode? {
        var picker = EpisodePicker(rows)
        var width = console.errorTerminalColumns ?? EpisodeTable.width
        var drawnRows = 0
        func draw() {
            let lines = picker.lines(width: width, style: style)
            console.writeError(erase(drawnRows) + lines.joined(separator: "\n"))
            drawnRows = lines.count
        }
        let chosen: Episode?? = TerminalKeys.reading(signalKeys: true) { keys in
            draw()
            defer { console.writeError(erase(drawnRows)) }
            while true {
                switch keys.next(within: resizeCheckMilliseconds) {
                case .enter:
                    if let episode = picker.chosen { return episode }
                case .escape, .interrupt, .end: return nil
                case .up: picker.moveUp()
                case .down: picker.moveDown()
                case .backspace: picker.deleteBackward()
                case .character(let character): picker.type(character)
                case .timeout:
                    let now = console.errorTerminalColumns ?? width
                    guard now != width else { continue }
                    width = now
                case .other: continue
                }
                draw()
            }
        }
        return chosen ?? nil
    }

    /// Moves to the first of the `rows` drawn and clears to the end of the screen. Each line
    /// was drawn a cell short of the width, so each took one row; after a narrowing, a
    /// terminal that rewraps may have made more of them, and their rest stays above: moving
    /// up further would erase the viewer's own lines on the many terminals that do not rewrap.
    private static func erase(_ rows: Int) -> String {
        guard rows > 0 else { return "" }
        return "\r" + (rows > 1 ? "\u{1B}[\(rows - 1)A" : "") + "\u{1B}[J"
    }
}
