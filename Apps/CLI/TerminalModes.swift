import Subprocesses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TerminalModes {
    /// Runs `read`, a blocking read of typed input, with the modes `change` makes, put back as
    /// they were on every end, a signal's included (see ``Interruption``); `nil`, without
    /// running it, when standard input is no terminal or its modes cannot be set.
    static func changed<T>(by change: (inout termios) -> Void, _ read: () -> T) -> T? {
        guard let original = ofStandardInput() else { return nil }
        var changed = original.saved
        change(&changed)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &changed) == 0 else { return nil }
        defer { original.restore() }
        return Interruption.shared.endingAtOnce(restoring: original.saved, read)
    }
}
