#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the terminal's echo off while a password is typed, and back on afterwards —
/// also when the user presses Ctrl-C (see ``Interruption``), which would otherwise leave a
/// terminal that shows nothing typed. The changes take effect at once (`TCSANOW`):
/// flushing would throw away what the user typed ahead.
enum EchoOff {
    static func whileReading<T>(_ read: () -> T) -> T {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return Interruption.shared.endingAtOnce(read) }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &original) }
        return Interruption.shared.endingAtOnce(restoring: original, read)
    }
}
