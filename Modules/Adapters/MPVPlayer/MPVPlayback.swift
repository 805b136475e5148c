import AsyncPrimitives
import Ports
import Subprocesses

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

/// One file mpv plays: its events come from `MPVEventLoop`; a supervising task waits for
/// the loop to end (mpv closed the socket), makes sure mpv is gone and reaped, closes the
/// socket and removes its file, and only then reports how playback ended.
final class MPVPlayback: Playback {
    let events: AsyncStream<PlaybackEvent>
    /// Asks mpv to quit over its socket, then SIGTERM, then SIGKILL. Playback that had
    /// already ended keeps its ending, but mpv is ended all the same: one told to quit at the
    /// end of its file that does not would otherwise hold the supervisor, and Ctrl-C with it.
    private let end: @Sendable () async -> Void
    private let supervisor: Task<Void, Never>

    init(
        process: Subprocess, connection: MPVConnection, socketPath: String, terminalModes: TerminalModes?,
        grace: Duration
    ) {
        let (events, continuation) = AsyncStream.makeStream(of: PlaybackEvent.self)
        let outcome = FirstDecision<PlaybackEnding>()
        let loop = MPVEventLoop(connection: connection, outcome: outcome, events: continuation)
        let end: @Sendable () async -> Void = {
            _ = outcome.decide(.stopped)
            _ = await process.end(askingFirst: { connection.send(MPVCommand.quit) }, grace: grace)
        }
        self.events = events
        self.end = end
        supervisor = Task {
            await Self.run(loop)
            var status = await process.waitForExit(timeout: grace)  // it closed the socket: it is on its way
            if status == nil { status = await process.end(grace: grace) }
            connection.close()
            unlink(socketPath)  // mpv removes it when it quits, not when it is killed: ENOENT is the usual answer
            if case .signalled = status { terminalModes?.restore() }
            let ending =
                outcome.decided ?? status.map(MPVSession.ending(after:))
                ?? .failed(reason: "mpv did not end even after SIGKILL")
            continuation.yield(.ended(ending))
            continuation.finish()
        }
        continuation.onTermination = { termination in
            guard case .cancelled = termination else { return }
            Task { await end() }  // events abandoned: no mpv left behind
        }
    }

    func stop() async {
        await end()
        await supervisor.value
    }

    /// Runs the event loop on a thread of its own (it blocks in `poll`) until mpv closes
    /// the socket, and returns once that thread has ended: a process that exits after the
    /// playback leaves no thread of it running.
    private static func run(_ loop: MPVEventLoop) async {
        var thread: JoinableThread?
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            thread = JoinableThread(name: "cocoacasts-mpv", stackSize: 1 << 20) {
                loop.run()
                done.resume()
            }
        }
        thread?.join()  // its last act was the resume: this waits for its return alone
    }
}
