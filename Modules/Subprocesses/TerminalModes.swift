#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The modes of the terminal on standard input, saved to be put back: after a player that
/// shares the terminal is killed or crashes (mpv restores them when it quits, and cannot
/// then), and after a read that changed them, so that the shell is not left without echo.
public struct TerminalModes: Sendable {
    /// The modes as they were saved.
    public let saved: termios

    /// The modes of standard input, when it is a terminal.
    public static func ofStandardInput() -> TerminalModes? {
        var modes = termios()
        guard isatty(0) == 1, tcgetattr(0, &modes) == 0 else { return nil }
        return TerminalModes(saved: modes)
    }

    /// Puts the saved modes back, at once (`TCSANOW`: flushing would throw away what the user
    /// typed ahead).
    public func restore() {
        var modes = saved
        _ = tcsetattr(0, TCSANOW, &modes)  // a terminal that has gone away needs nothing restored
    }
}
