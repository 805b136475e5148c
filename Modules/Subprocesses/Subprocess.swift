#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program this process started, watched until it ends and always reaped.
///
/// Started with `posix_spawn` (``spawn(_:arguments:environment:standardInput:standardOutput:standardError:newProcessGroup:)``)
/// rather than Foundation's `Process`: the child must start with default signal actions
/// and an empty signal mask (the CLI ignores SIGINT and SIGTERM to handle them itself,
/// test runners block signals, and both would otherwise pass to the player, which then
/// could not be stopped), optionally in a process group of its own, and with no
/// descriptor of ours but the three it is given; and its end is awaited without a run
/// loop or a polling timer.
public final class Subprocess: Sendable {
    /// Where one of the child's standard descriptors leads.
    public enum Stream: Sendable {
        /// The same as this process's.
        case inherited
        /// `/dev/null`.
        case null
        /// This descriptor of ours (duplicated into the child; the caller still owns it).
        case descriptor(Int32)
    }

    /// The child's process ID; also its process group's when ``leadsProcessGroup``.
    public let pid: pid_t
    /// Whether it was started in a process group of its own, which signals then reach whole.
    public let leadsProcessGroup: Bool
    private let watcher: ExitWatcher

    init(pid: pid_t, leadsProcessGroup: Bool) {
        self.pid = pid
        self.leadsProcessGroup = leadsProcessGroup
        self.watcher = ExitWatcher(pid: pid)
    }

    /// How the child ended, or `nil` while it runs.
    public var exitStatus: TerminationStatus? { watcher.status }

    /// How the child ended, once it has; `nil` if it still runs after `timeout` (when given).
    public func waitForExit(timeout: Duration? = nil) async -> TerminationStatus? {
        await watcher.wait(timeout: timeout)
    }

    /// Sends `signal` to the child (to its whole group when it leads one) while it has not
    /// been reaped; says whether it was sent.
    @discardableResult
    public func send(_ signal: Int32) -> Bool {
        watcher.whileRunning { kill(leadsProcessGroup ? -pid : pid, signal) }
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
