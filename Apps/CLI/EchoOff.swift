import Subprocesses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the terminal's echo off while a password is typed, and back on afterwards —
/// also when the user presses Ctrl-C, which would otherwise leave a terminal that shows
/// nothing typed (see ``TerminalModes``). Without a terminal's modes, the read goes on as it is.
enum EchoOff {
    static func whileReading<T>(_ read: () -> T) -> T {
        TerminalModes.changed(by: { $0.c_lflag &= ~tcflag_t(ECHO) }, read) ?? Interruption.shared.endingAtOnce(read)
    }
}
