#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program this process started, watched until it ends and always reaped: the players'
/// processes, and every process the tests start (PortContracts' `SpawnedProcess`).
///
/// Started with `posix_spawn` (``spawn(_:arguments:environment:standardInput:standardOutput:standardError:newProcessGroup:)``)
/// rather than Foundation's `Process`: the child must start with default signal actions
/// and an empty signal mask (the CLI handles SIGINT and SIGTERM itself, test runners
/// block signals, and both would otherwise pass to the player, which then could not be
/// stopped), optionally in a process group of its own, and with no
/// descriptor of ours but the three it is given (a pipe to it is close-on-exec, so that no
/// other child holds it open); and its end is awaited without a run loop or a polling timer.
public final class Subprocess: Sendable {
    /// Where one of the child's standard descriptors leads.
    public enum Stream: Sendable {
        /// The same as this process's.
        case inherited
        /// `/dev/null`.
        case null
        /// This descriptor of ours (duplicated into the child; the caller still owns it).
        case descriptor(Int32)
        /// A new pipe, whose other end is this process's (``Subprocess/standardInput``, …).
        case pipe
    }

    /// Who a signal is for.
    public enum Recipient: Sendable {
        /// The child, with its whole group when it leads one.
        case childAndItsGroup
        /// The child alone, even when it leads a group (a user's `kill PID`).
        case childAlone
    }

    /// The child's process ID; also its process group's when ``leadsProcessGroup``.
    public let pid: pid_t
    /// Whether it was started in a process group of its own, which signals then reach whole.
    public let leadsProcessGroup: Bool
    /// This process's end of the child's standard input, when that is a ``Stream/pipe``.
    public let standardInput: PipeEnd?
    /// This process's end of the child's standard output, when that is a ``Stream/pipe``.
    public let standardOutput: PipeEnd?
    /// This process's end of the child's standard error, when that is a ``Stream/pipe``.
    public let standardError: PipeEnd?
    private let watcher: ExitWatcher

    init(pid: pid_t, leadsProcessGroup: Bool, pipes: [PipeEnd?]) {
        self.pid = pid
        self.leadsProcessGroup = leadsProcessGroup
        (standardInput, standardOutput, standardError) = (pipes[0], pipes[1], pipes[2])
        self.watcher = ExitWatcher(pid: pid, recordedIn: LiveChildren.add(leadsProcessGroup ? -pid : pid))
    }

    /// How the child ended, or `nil` while it runs.
    public var exitStatus: TerminationStatus? { watcher.status }

    /// How the child ended, once it has; `nil` if it still runs after `timeout` (when given),
    /// or, when `cancellable`, once the waiting task is cancelled. Without `cancellable`, a
    /// wait is a wait even in a cancelled task (a pause between two attempts stays a pause).
    public func waitForExit(timeout: Duration? = nil, cancellable: Bool = false) async -> TerminationStatus? {
        await watcher.wait(timeout: timeout, cancellable: cancellable)
    }

    /// Sends `signal` to `recipient` while the child has not been reaped (its ID is still its
    /// own); says whether it was sent.
    @discardableResult
    public func send(_ signal: Int32, to recipient: Recipient = .childAndItsGroup) -> Bool {
        watcher.whileRunning { kill(leadsProcessGroup && recipient == .childAndItsGroup ? -pid : pid, signal) }
    }

    /// Sends `signal` to every process left in the group the child leads, even after the
    /// child itself has ended: what it started and left behind (a background job that holds
    /// its pipes). Does nothing for a child that leads no group. The group's ID stays its own
    /// while any of its processes lives; once all are gone, the system may give the ID to
    /// another group, so call it soon after the child's end, not at any later time.
    public func sendToItsGroup(_ signal: Int32) {
        if leadsProcessGroup { kill(-pid, signal) }
    }

    /// Ends the child, each step bounded by `grace`: `ask` first when given (a player's own
    /// "quit"), then SIGTERM (with SIGCONT, so that a stopped child receives it), then
    /// SIGKILL. Returns how it ended, or `nil` if it outlived even SIGKILL's grace (a process
    /// stuck in the kernel); the watcher reaps it whenever it goes.
    public func end(askingFirst ask: (@Sendable () -> Void)? = nil, grace: Duration) async -> TerminationStatus? {
        if let status = exitStatus { return status }
        if let ask {
            ask()
            if let status = await waitForExit(timeout: grace) { return status }
        }
        send(SIGTERM)
        send(SIGCONT)
        if let status = await waitForExit(timeout: grace) { return status }
        send(SIGKILL)
        return await waitForExit(timeout: grace)
    }
}
