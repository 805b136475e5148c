#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's modes as they were before mpv, which shares the terminal, switched it to
/// reading single keys. mpv restores them when it quits; when it is killed or crashes it
/// cannot, and they are restored here, so that the shell is not left without echo.
struct TerminalModes: Sendable {
    private let saved: termios

    /// The modes of standard input, when it is a terminal.
    static func ofStandardInput() -> TerminalModes? {
        var modes = termios()
        guard isatty(0) == 1, tcgetattr(0, &modes) == 0 else { return nil }
        return TerminalModes(saved: modes)
    }

    /// Puts the saved modes back.
    func restore() {
        var modes = saved
        _ = tcsetattr(0, TCSANOW, &modes)  // a terminal that has gone away needs nothing restored
    }
}
