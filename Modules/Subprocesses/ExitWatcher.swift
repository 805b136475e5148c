import AsyncPrimitives
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits for one child process on a thread of its own, blocked in `waitid(2)`: nothing
/// polls and nothing wakes while the child runs.
///
/// The child is reaped under the same lock that ``whileRunning(_:)`` holds, after
/// `waitid(…, WNOWAIT)` saw it end: a signal is therefore never sent to a process ID the
/// kernel may already have given to another process.
final class ExitWatcher: Sendable {
    private struct State {
        var status: TerminationStatus?
        var waiters: [UInt64: CheckedContinuation<TerminationStatus?, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let pid: pid_t
    /// Its slot in ``LiveChildren``, emptied before it is reaped.
    private let liveChildrenSlot: Int?
    private let state = Mutex(State())
    /// The thread blocked in `waitid`; set once, in init.
    private let thread = Mutex<JoinableThread?>(nil)

    /// Starts watching `pid`, a child of this process that nobody else waits for.
    init(pid: pid_t, recordedIn liveChildrenSlot: Int?) {
        self.pid = pid
        self.liveChildrenSlot = liveChildrenSlot
        let watching = JoinableThread(name: "cocoacasts-exit", stackSize: 64 << 10) { [self] in self.watch() }
        thread.withLock { $0 = watching }
    }

    /// How the child ended, or `nil` while it runs.
    var status: TerminationStatus? { state.withLock { $0.status } }

    /// Runs `body` while the child has not been reaped (its ID is still its own), and
    /// says whether it ran.
    @discardableResult
    func whileRunning(_ body: () -> Void) -> Bool {
        state.withLock { state in
            guard state.status == nil else { return false }
            body()
            return true
        }
    }

    /// How the child ended, waiting for it at most `timeout` (forever when `nil`);
    /// `nil` when it still runs at the deadline, or, when `cancellable`, once the waiting
    /// task is cancelled. Once it answers how the child ended, the watching thread has ended
    /// too: a process that exits then leaves no thread of it running.
    func wait(timeout: Duration?, cancellable: Bool) async -> TerminationStatus? {
        let status = await waitForTheStatus(timeout: timeout, cancellable: cancellable)
        // Its last act was to answer the waiters: this waits for its return alone.
        if status != nil { thread.withLock { $0 }?.join() }
        return status
    }

    private func waitForTheStatus(timeout: Duration?, cancellable: Bool) async -> TerminationStatus? {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let waits = state.withLock { state in
                    guard state.status == nil else { return false }
                    state.waiters[id] = continuation
                    return true
                }
                guard waits else { return continuation.resume(returning: status) }
                if cancellable && Task.isCancelled { giveUp(id) }  // cancelled before it waited
                guard let timeout else { return }
                let (seconds, attoseconds) = timeout.components
                let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
                    giveUp(id)
                }
            }
        } onCancel: {
            if cancellable { giveUp(id) }
        }
    }

    /// Ends the wait `id` with `nil`, unless it has ended already.
    private func giveUp(_ id: UInt64) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: nil)
    }

    private func watch() {
        var info = siginfo_t()
        var outcome: Int32
        repeat {
            outcome = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT)
        } while outcome != 0 && errno == EINTR
        let status = outcome == 0 ? Self.status(of: info) : .unknown(detail: String(cString: strerror(errno)))
        let waiters = state.withLock { state in
            var reaped: Int32 = 0
            if let liveChildrenSlot { LiveChildren.remove(liveChildrenSlot) }
            if outcome == 0 { waitpid(pid, &reaped, 0) }  // a zombie already: returns at once
            state.status = status
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        for waiter in waiters { waiter.resume(returning: status) }
    }

    private static func status(of info: siginfo_t) -> TerminationStatus {
        #if canImport(Glibc)
            let value = info._sifields._sigchld.si_status
        #else
            let value = info.si_status
        #endif
        return info.si_code == CLD_EXITED ? .exited(value) : .signalled(value)
    }
}
