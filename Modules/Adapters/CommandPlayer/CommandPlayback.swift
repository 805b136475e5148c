import Ports
import Subprocesses

/// One run of a player command: no positions, only the ending, which its exit status tells.
///
/// - exit status 0 → finished (for an opener such as `xdg-open`, that is when it handed
///   the URL over, not when the video ends);
/// - another status → failed with `exit status N` and the last line of its standard error;
/// - SIGINT, SIGTERM or SIGHUP (the user closed it, or ``stop()``) → stopped; any other
///   signal (a crash, SIGKILL from the kernel's OOM killer) → failed.
final class CommandPlayback: Playback {
    let events: AsyncStream<PlaybackEvent>
    /// SIGTERM to the command's whole process group, then SIGKILL, each after `grace`.
    private let end: @Sendable () async -> Void
    private let supervisor: Task<Void, Never>

    init(process: Subprocess, output: OutputTail, grace: Duration) {
        let (events, continuation) = AsyncStream.makeStream(of: PlaybackEvent.self)
        let outcome = FirstDecision<PlaybackEnding>()
        let end: @Sendable () async -> Void = {
            guard process.exitStatus == nil, outcome.decide(.stopped) else { return }
            _ = await process.end(grace: grace)
        }
        self.events = events
        self.end = end
        supervisor = Task {
            let status = await process.waitForExit() ?? .unknown(detail: "no status")
            let lastLine = output.lastLine()
            output.close()
            continuation.yield(.ended(outcome.decided ?? Self.ending(after: status, lastLine: lastLine)))
            continuation.finish()
        }
        continuation.onTermination = { termination in
            guard case .cancelled = termination else { return }
            Task { await end() }  // events abandoned: no player left behind
        }
    }

    func stop() async {
        await end()
        await supervisor.value
    }

    static func ending(after status: TerminationStatus, lastLine: String?) -> PlaybackEnding {
        switch status {
        case .exited(0): return .finished
        case .exited: return .failed(reason: [status.description, lastLine].compactMap { $0 }.joined(separator: ": "))
        case _ where status.isAskedToEnd: return .stopped
        case .signalled, .unknown: return .failed(reason: status.description)
        }
    }
}
