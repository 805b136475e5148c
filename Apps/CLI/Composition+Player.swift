import CommandPlayer
import MPVPlayer
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Composition {
    /// The player `settings` choose: the command given (`--player`, `COCOACASTS_PLAYER`,
    /// config `player`); else mpv, which reports positions; else the system's opener
    /// (xdg-open, `$BROWSER`), which does not; `nil` when there is none.
    ///
    /// mpv shares the terminal (its keys work, and Ctrl-C reaches it too) when standard input
    /// is one; from a pipe it is detached, so that it never reads the script's input.
    static func player(_ settings: Settings, inputIsTerminal: Bool) throws(PlayerError) -> (any MediaPlayer)? {
        if let command = settings.player {
            return try CommandPlayer(command: command, environment: settings.environment)
        }
        // A stream that cannot be reached ends playback within the request timeout, as a request would.
        if let mpv = MPVPlayer.locate(
            environment: settings.environment, terminal: inputIsTerminal ? .shared : .detached,
            networkTimeout: Int(settings.timeout.rounded(.up)))
        {
            return mpv
        }
        return CommandPlayer.systemOpener(environment: settings.environment)
    }
}
