import Subprocesses
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
/// ends it at once, after putting the terminal back as it was. Ending at once kills the
/// player's processes first (see `LiveChildren`).
///
/// The handler is `sigaction(2)`'s, and does only what a handler may (atomics, `write`,
/// `tcsetattr`, `kill`, `_exit`): it notes the first signal and wakes the main thread's loop
/// through a pipe (``descriptor``), which then cancels the command (see ``deliver()``).
/// Dispatch's signal sources did this before, at the price of a manager thread, an epoll
/// instance and a timerfd in every run.
final class Interruption: Sendable {
    /// The one instance; ``install()`` makes it receive the signals.
    static let shared = Interruption()

    /// The first signal's number, 0 before one arrives: set by the handler.
    fileprivate let received = Atomic<Int32>(0)
    /// Whether a blocking read of typed input runs: the handler then ends the process.
    fileprivate let isReading = Atomic<Bool>(false)
    /// Whether ``terminal`` holds settings to restore before ending.
    fileprivate let restoresTerminal = Atomic<Bool>(false)
    // The handler reads it only after `restoresTerminal` (set with release ordering after it
    // was written) says so, and it is written only while no read of typed input runs.
    fileprivate nonisolated(unsafe) let terminal = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    /// The pipe the handler writes a byte into.
    fileprivate let wake: (read: Int32, write: Int32)
    private let cancel = Mutex<(@Sendable () -> Void)?>(nil)

    private init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
        }
        wake = (ends[0], ends[1])
    }

    /// Readable once a first signal has arrived; call ``deliver()`` then.
    var descriptor: Int32 { wake.read }

    /// Replaces SIGINT's and SIGTERM's default action (ending the process) with the above.
    func install() {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handleSignal
        #else
            action.__sigaction_u.__sa_handler = handleSignal
        #endif
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM] {
            sigaction(number, &action, nil)
            sigaddset(&signals, number)
        }
        // A parent may start us with them blocked (Foundation's Process does, and so test
        // runners): a handler never sees a blocked signal. Threads started later inherit this.
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// The signal that arrived first, if any.
    var receivedSignal: Int32? {
        let number = received.load(ordering: .acquiring)
        return number == 0 ? nil : number
    }

    /// Calls `cancel` on the first signal, or now if one already arrived.
    func onFirstSignal(_ cancel: @escaping @Sendable () -> Void) {
        self.cancel.withLock { $0 = cancel }
        if receivedSignal != nil { cancel() }
    }

    /// Cancels the command, after the handler said a first signal came.
    func deliver() {
        var bytes: [UInt8] = [0, 0, 0, 0]
        while read(wake.read, &bytes, bytes.count) > 0 {}
        if receivedSignal != nil { cancel.withLock { $0 }?() }
    }

    /// Runs `read`, a blocking read of typed input, so that a signal meanwhile ends the
    /// process at once, with `terminal`'s settings restored when given.
    func endingAtOnce<T>(restoring terminal: termios? = nil, _ read: () -> T) -> T {
        if let terminal {
            self.terminal.pointee = terminal
            restoresTerminal.store(true, ordering: .releasing)
        }
        isReading.store(true, ordering: .sequentiallyConsistent)
        defer {
            isReading.store(false, ordering: .sequentiallyConsistent)
            restoresTerminal.store(false, ordering: .releasing)
        }
        // A signal that came before the read began only cancelled the task, which a blocking
        // read would never notice.
        if let arrived = receivedSignal { endNow(arrived) }
        return read()
    }

    /// Ends the process as the signal `number` asks, the terminal restored and the player's
    /// processes, if any, killed (they would otherwise play on without the command that
    /// started them, whose first signal gave them a grace period): from the handler too.
    fileprivate func endNow(_ number: Int32) -> Never {
        LiveChildren.killAll(with: SIGKILL)
        if restoresTerminal.load(ordering: .acquiring) { tcsetattr(STDIN_FILENO, TCSANOW, terminal) }
        var modes = termios()
        if tcgetattr(STDERR_FILENO, &modes) == 0 {  // a terminal (isatty is not a handler's to call)
            var newline = UInt8(ascii: "\n")  // after the "^C"
            _ = write(STDERR_FILENO, &newline, 1)
        }
        _exit(128 + number)
    }
}

/// The signal handler: the first signal is noted and the loop woken; a second one, or one
/// during a read of typed input, ends the process.
private func handleSignal(_ number: Int32) {
    let interruption = Interruption.shared
    let isFirst = interruption.received.compareExchange(expected: 0, desired: number, ordering: .sequentiallyConsistent)
        .exchanged
    // Without its pipe (which the system refused at start), nothing could wake the loop.
    guard isFirst, !interruption.isReading.load(ordering: .sequentiallyConsistent), interruption.wake.write >= 0 else {
        interruption.endNow(number)
    }
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(interruption.wake.write, &byte, 1)
}
