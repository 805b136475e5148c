import Domain
import TerminalUI

extension CommandContext {
    /// Prints `episodes` as ``printJSON(_:)`` would — the same bytes — from one buffer
    /// written straight from the models (see ``TerminalUI/EpisodeJSON``).
    func printJSON(episodes: [Episode]) {
        console.print(utf8: EpisodeJSON.bytes(episodes))
    }
}
