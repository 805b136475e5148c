import Subprocesses
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What Ctrl-C (SIGINT), SIGTERM and SIGHUP (the terminal closed) do to `cocoacasts`.
///
/// The first signal cancels the command's task: a request in flight ends, and a token
/// refresh the server may already have answered is left to finish and be saved (it runs
/// in a task of its own, bounded by the request timeout) — killing the process there would
/// lose the rotated pair and sign the user out on the next run. The process then exits
/// 128 + the signal's number (130, 143, 129).
///
/// A second signal quits at once: the player's processes are killed (see `LiveChildren`),
/// and the command's last words run — `watch` keeps the last position in the kept-position store, a
/// local write — before the process ends, the terminal's modes restored; without last words
/// it ends there and then. A second signal is ordinary: `timeout` delivers one to the
/// process and another to its group, and a person presses Ctrl-C twice. Last words that take
/// longer than ``lastWordsBound`` are cut short (`alarm(2)`), saying so; a third signal ends
/// at once.
///
/// While the process waits for typed input nothing is in flight, and the first signal
/// ends it at once, after putting the terminal back as it was.
///
/// The handler is `sigaction(2)`'s, and does only what a handler may (atomics, `write`,
/// `tcsetattr`, `kill`, `alarm`, `_exit`): it notes the signal and wakes the main thread's
/// loop through a pipe (``descriptor``), which then cancels the command or runs its last
/// words (see ``deliver()``).
final class Interruption: Sendable {
    /// The one instance; ``install()`` makes it receive the signals.
    static let shared = Interruption()
    /// How long a command's last words may take after a second signal before the process ends
    /// without them: a local write takes milliseconds, a locked file could take the lock's timeout.
    static let lastWordsBound: UInt32 = 5

    /// The first signal's number, 0 before one arrives: set by the handler.
    fileprivate let received = Atomic<Int32>(0)
    /// The second signal's number, 0 before one arrives: set by the handler.
    fileprivate let receivedAgain = Atomic<Int32>(0)
    /// Whether a blocking read of typed input runs: the handler then ends the process.
    fileprivate let isReading = Atomic<Bool>(false)
    /// Whether the command has last words for a second signal (see ``onQuitAtOnce(_:during:)``):
    /// the handler takes it (sets it false) when it commits a second signal to them.
    fileprivate let hasLastWords = Atomic<Bool>(false)
    /// Whether ``deliver()`` has begun the last words the handler committed to.
    private let lastWordsBegun = Atomic<Bool>(false)
    /// Whether ``terminal`` holds settings to restore before ending.
    fileprivate let restoresTerminal = Atomic<Bool>(false)
    // The handler reads it only after `restoresTerminal` (set with release ordering after it
    // was written) says so, and it is written only while no read of typed input runs.
    fileprivate nonisolated(unsafe) let terminal = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    /// The pipe the handler writes a byte into.
    fileprivate let wake: (read: Int32, write: Int32)
    private let cancel = Mutex<(@Sendable () -> Void)?>(nil)
    private let lastWords = Mutex<(@MainActor () async -> Void)?>(nil)

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

    /// Readable once a signal has arrived; call ``deliver()`` then.
    var descriptor: Int32 { wake.read }

    /// Replaces the default action of SIGINT, SIGTERM and SIGHUP (ending the process) with the
    /// above, and SIGALRM's with the end of last words that took too long.
    func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        let handlers: [(Int32, @convention(c) (Int32) -> Void)] = [
            (SIGINT, handleSignal), (SIGTERM, handleSignal), (SIGHUP, handleSignal), (SIGALRM, handleAlarm),
        ]
        for (number, handler) in handlers {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = handler
            #else
                action.__sigaction_u.__sa_handler = handler
            #endif
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
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

    /// Runs `body` with `lastWords` as what a second signal runs before the process ends (on
    /// the main actor, bounded by ``lastWordsBound``), and with the terminal's modes as they
    /// are now restored on every end that a signal makes: a player killed at once cannot put
    /// them back itself.
    @MainActor
    func onQuitAtOnce<T>(_ lastWords: @escaping @MainActor () async -> Void, during body: () async -> T) async -> T {
        var modes = termios()
        if isInTheForeground(), tcgetattr(STDIN_FILENO, &modes) == 0 {
            terminal.pointee = modes
            restoresTerminal.store(true, ordering: .releasing)
        }
        self.lastWords.withLock { $0 = lastWords }
        hasLastWords.store(true, ordering: .sequentiallyConsistent)
        defer {
            hasLastWords.store(false, ordering: .sequentiallyConsistent)
            self.lastWords.withLock { $0 = nil }
            restoresTerminal.store(false, ordering: .releasing)
        }
        return await body()
    }

    /// Cancels the command after the handler said a first signal came, and runs its last words
    /// after a second one, then ends the process. Last words the command gave up meanwhile (it
    /// had said its end already) leave nothing to say: the process ends at once.
    func deliver() {
        var bytes: [UInt8] = [0, 0, 0, 0]
        while read(wake.read, &bytes, bytes.count) > 0 {}
        if receivedSignal != nil { cancel.withLock { $0 }?() }
        let again = receivedAgain.load(ordering: .acquiring)
        guard again != 0, !lastWordsBegun.exchange(true, ordering: .acquiringAndReleasing) else { return }
        guard let lastWords = lastWords.withLock({ $0 }) else {
            alarm(0)
            endNow(again)
        }
        Task { @MainActor in
            await lastWords()
            endNow(again, endingTheLine: false)
        }
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
    /// `_exit`, not `exit`: no library's exit handler runs while a thread of the library may
    /// still be working, and every line was written with `write(2)` already. `endingTheLine`
    /// ends the line the terminal echoed "^C" on, unless last words began a new one.
    fileprivate func endNow(_ number: Int32, endingTheLine: Bool = true) -> Never {
        LiveChildren.killAll(with: SIGKILL)
        // Only from the terminal's foreground group: from any other, changing its modes stops the
        // process (SIGTTOU) instead of ending it — `timeout` runs its command in a group of its own.
        if restoresTerminal.load(ordering: .acquiring), isInTheForeground() {
            tcsetattr(STDIN_FILENO, TCSANOW, terminal)
        }
        var modes = termios()
        if endingTheLine, tcgetattr(STDERR_FILENO, &modes) == 0 {  // a terminal (isatty is not a handler's to call)
            var newline = UInt8(ascii: "\n")  // after the "^C"
            _ = write(STDERR_FILENO, &newline, 1)
        }
        _exit(128 + number)
    }
}

/// Whether this process's group is the foreground group of the terminal on standard input;
/// safe in a signal handler (`tcgetpgrp` and `getpgrp` are).
func isInTheForeground() -> Bool {
    let foreground = tcgetpgrp(STDIN_FILENO)
    return foreground >= 0 && foreground == getpgrp()
}

/// The signal handler: the first signal is noted and the loop woken; a second one runs the
/// command's last words, if it has any, through the loop; any other, or one during a read of
/// typed input, ends the process.
private func handleSignal(_ number: Int32) {
    let interruption = Interruption.shared
    // Without its pipe (which the system refused at start), nothing could wake the loop.
    guard interruption.wake.write >= 0, !interruption.isReading.load(ordering: .sequentiallyConsistent) else {
        interruption.endNow(number)
    }
    let isFirst = interruption.received.compareExchange(expected: 0, desired: number, ordering: .sequentiallyConsistent)
        .exchanged
    if !isFirst {
        // Committed to the last words only while the command still has them to say: taking the
        // flag is the one decision, so that the command's end and this signal never both pass.
        guard interruption.hasLastWords.exchange(false, ordering: .sequentiallyConsistent) else {
            interruption.endNow(number)
        }
        interruption.receivedAgain.store(number, ordering: .sequentiallyConsistent)
        LiveChildren.killAll(with: SIGKILL)
        alarm(Interruption.lastWordsBound)
    }
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(interruption.wake.write, &byte, 1)
}

/// Last words that outlasted their bound: said in the one sentence a handler can write, then the end.
private func handleAlarm(_: Int32) {
    let interruption = Interruption.shared
    let message: StaticString =
        "\ncocoacasts: ended before the position could be kept on this machine: keeping it took too long.\n"
    _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
    let again = interruption.receivedAgain.load(ordering: .sequentiallyConsistent)
    interruption.endNow(again == 0 ? SIGALRM : again)
}
