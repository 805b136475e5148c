#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a child process ended, as `waitid(2)` reports it.
public enum TerminationStatus: Equatable, Sendable, CustomStringConvertible {
    /// It called `exit` with this status.
    case exited(Int32)
    /// A signal ended it (its default action, or a handler that re-raised it).
    case signalled(Int32)
    /// Nobody can tell: the process was reaped elsewhere (`SIGCHLD` ignored, another
    /// `wait` for any child); `detail` is the system's words.
    case unknown(detail: String)

    /// `exit status 2`, `killed by signal 9 (SIGKILL)`: what follows a program's name.
    public var description: String {
        switch self {
        case .exited(let code): "exit status \(code)"
        case .signalled(let number): "killed by signal \(number)" + (Self.signalNames[number].map { " (\($0))" } ?? "")
        case .unknown(let detail): "exit status unknown (\(detail))"
        }
    }

    /// Whether a person, or the system on their behalf, asked the program to end: the
    /// signals of Ctrl-C, `kill`, a closed terminal. A crash (`SIGSEGV`, `SIGABRT`) and
    /// `SIGKILL` (the kernel's OOM killer sends it too) are failures instead.
    public var isAskedToEnd: Bool {
        if case .signalled(let number) = self { return [SIGINT, SIGTERM, SIGHUP].contains(number) }
        return false
    }

    /// The names of the signals a player is likely to die of; others show as a number.
    private static let signalNames: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
        SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
        SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
    ]
}
