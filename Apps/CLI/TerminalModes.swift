#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The modes of the terminal on standard input, changed for a read and put back as they were
/// on every end, a signal's included (see ``Interruption``). The changes take effect at once
/// (`TCSANOW`): flushing would throw away what the user typed ahead.
enum TerminalModes {
    /// Runs `read`, a blocking read of typed input, with the modes `change` makes; `nil`,
    /// without running it, when the modes cannot be read or set.
    static func changed<T>(by change: (inout termios) -> Void, _ read: () -> T) -> T? {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        var changed = original
        change(&changed)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &changed) == 0 else { return nil }
        // Put back as they were: a failure here has no one left to tell but the shell's prompt.
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &original) }
        return Interruption.shared.endingAtOnce(restoring: original, read)
    }
}
