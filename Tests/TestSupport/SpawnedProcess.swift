import Foundation
import Synchronization

/// A child process in a process group of its own, so that a test can end it with everything
/// it started (`faketime`'s child, a shell's background job) by signalling the group.
///
/// Started with `posix_spawn`: no signal blocked or ignored (a child started from a thread of
/// the concurrency runtime would otherwise inherit that thread's blocked signals), no
/// descriptor of the test process but the three it is given (the pipes are close-on-exec,
/// and everything from 3 up is closed in the child, so no other test's pipe stays open
/// because this child holds a copy). A process dropped while running is killed with its group.
public final class SpawnedProcess: Sendable {
    /// Where a standard stream of the child goes.
    public enum Stream: Sendable {
        /// A pipe whose other end this process holds.
        case pipe
        /// `/dev/null`.
        case null
        /// The test process's own stream.
        case inherited
    }

    /// How a process ended.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case killed(by: Int32)

        /// The exit status, or the number of the signal that ended it.
        public var code: Int32 {
            switch self {
            case .exited(let status): status
            case .killed(let signal): signal
            }
        }

        /// The signal that ended it, if one did.
        public var signal: Int32? {
            if case .killed(let signal) = self { signal } else { nil }
        }
    }

    /// The process id, which is also its group's id.
    public let pid: pid_t
    /// This process's ends of the child's standard streams that are pipes.
    public let input: PipeEnd?
    public let output: PipeEnd?
    public let errors: PipeEnd?
    private let ending = Mutex<Ending?>(nil)

    /// Starts `executable` (a path) with `arguments`, and the test process's environment
    /// unless one is given.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, stdin: Stream = .null,
        stdout: Stream = .null, stderr: Stream = .inherited
    ) throws {
        let streams = try [stdin, stdout, stderr].enumerated().map { try StreamEnds($0.element, writes: $0.offset > 0) }
        defer { streams.forEach { $0.child?.close() } }
        pid = try Spawn.start(
            executable, [executable] + arguments, environment: environment,
            standardStreams: streams.map { $0.child?.descriptor })
        input = streams[0].parent
        output = streams[1].parent
        errors = streams[2].parent
    }

    deinit {
        guard ending.withLock({ $0 }) == nil else { return }
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)  // SIGKILL cannot be caught: this reaps it at once
    }

    /// How the process ended, once it has (reaping it); `nil` while it runs.
    public var ended: Ending? {
        ending.withLock { ending in
            guard ending == nil else { return ending }
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                let signal = status & 0x7F
                ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(by: signal)
            } else if reaped < 0 {
                ending = .exited(-1)  // not our child any more: nothing left to wait for
            }
            return ending
        }
    }

    /// Whether the process has not ended yet.
    public var isRunning: Bool { ended == nil }

    /// Sends `signal` to the process, unless it has been reaped (its id may be another's by now).
    public func signal(_ signal: Int32) {
        ending.withLock { if $0 == nil { _ = kill(pid, signal) } }
    }

    /// Sends `signal` to every process of its group: the process and whatever it started
    /// that stayed in the group, even after the process itself has ended.
    public func signalGroup(_ signal: Int32) {
        kill(-pid, signal)
    }

    /// Waits, suspended, until the process has ended or `deadline` has passed (or the task
    /// is cancelled); returns whether it ended.
    @discardableResult
    public func waitForExit(until deadline: ContinuousClock.Instant) async -> Bool {
        while ended == nil {
            guard ContinuousClock.now < deadline else { return false }
            do {
                try await Task.sleep(for: .milliseconds(5))
            } catch {
                return ended != nil  // cancelled: the caller decides what to do with it
            }
        }
        return true
    }

    /// Kills the whole group and waits for the process (30 s at most: SIGKILL takes effect
    /// at once unless the kernel is stuck in a call of the process's).
    public func killGroup() async {
        signalGroup(SIGKILL)
        await waitForExit(until: .now + .seconds(30))
    }
}

/// Both ends of one standard stream of a child: the child's, closed in this process once
/// it is started, and the parent's, for a pipe.
private struct StreamEnds {
    let child: PipeEnd?
    let parent: PipeEnd?

    /// The ends of `stream`, which the child reads (standard input) or `writes`.
    init(_ stream: SpawnedProcess.Stream, writes: Bool) throws {
        switch stream {
        case .inherited:
            child = nil
            parent = nil
        case .null:
            child = try PipeEnd.openNullDevice()
            parent = nil
        case .pipe:
            let (reading, writing) = try PipeEnd.makePipe()
            child = writes ? writing : reading
            parent = writes ? reading : writing
        }
    }
}
