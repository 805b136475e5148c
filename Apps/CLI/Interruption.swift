import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What Ctrl-C (SIGINT) and SIGTERM do to `cocoacasts`.
///
/// The first signal cancels the command's task: a request in flight ends, and a token
/// refresh the server may already have answered is left to finish and be saved (it runs
/// in a task of its own, bounded by the request timeout) — killing the process there would
/// lose the rotated pair and sign the user out on the next run. The process then exits
/// 128 + the signal's number (130, 143). A second signal ends it at once.
///
/// While the process waits for typed input nothing is in flight, and the first signal
/// ends it at once, after putting the terminal back as it was.
final class Interruption: Sendable {
    /// The one instance; ``install()`` makes it receive the signals.
    static let shared = Interruption()

    private struct State {
        var received: Int32?
        var cancel: (@Sendable () -> Void)?
        /// Set while a blocking read of typed input runs: the terminal settings to restore.
        var reading: termios?
        var isReading = false
    }

    private let state = Mutex(State())
    /// Kept for the process's life: a source that is released stops delivering.
    private let sources = Mutex<[any DispatchSourceSignal]>([])

    /// Replaces SIGINT's and SIGTERM's default action (ending the process) with the above.
    func install() {
        sources.withLock { sources in
            sources = [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [self] in received(number) }
                source.resume()
                return source
            }
        }
    }

    /// The signal that arrived first, if any.
    var receivedSignal: Int32? { state.withLock(\.received) }

    /// Calls `cancel` on the first signal, or now if one already arrived.
    func onFirstSignal(_ cancel: @escaping @Sendable () -> Void) {
        let arrived = state.withLock { state in
            state.cancel = cancel
            return state.received != nil
        }
        if arrived { cancel() }
    }

    /// Runs `read`, a blocking read of typed input, so that a signal meanwhile ends the
    /// process at once, with `terminal`'s settings restored when given.
    func endingAtOnce<T>(restoring terminal: termios? = nil, _ read: () -> T) -> T {
        let arrived = state.withLock { state in
            state.isReading = true
            state.reading = terminal
            return state.received
        }
        // A signal that came before the read began only cancelled the task, which a blocking
        // read would never notice.
        if let arrived { Self.endNow(arrived, restoring: terminal) }
        defer {
            state.withLock { state in
                state.isReading = false
                state.reading = nil
            }
        }
        return read()
    }

    private func received(_ number: Int32) {
        let (first, cancel, reading, terminal) = state.withLock { state in
            let first = state.received == nil
            if first { state.received = number }
            return (first, state.cancel, state.isReading, state.reading)
        }
        guard first, !reading else { Self.endNow(number, restoring: terminal) }
        cancel?()
    }

    private static func endNow(_ number: Int32, restoring terminal: termios?) -> Never {
        if var terminal { tcsetattr(STDIN_FILENO, TCSANOW, &terminal) }
        if isatty(STDERR_FILENO) == 1 { _ = SystemConsole.write("\n", to: STDERR_FILENO) }  // after the "^C"
        _exit(128 + number)
    }
}
