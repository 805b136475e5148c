import Foundation
import Ports
import Synchronization

/// A ``MediaPlayer`` that plays a script: each position after the seconds the script
/// says, on a ``TestClock`` it moves, then the script's ending.
///
/// Events are made one at a time as the consumer asks for the next (an unfolding
/// stream), so the clock stands where the script put it while the consumer handles an
/// event. ``Step/waitForStop`` holds playback until ``Playback/stop()``, as a viewer who
/// keeps watching until Ctrl-C; ``Step/waitForResume`` holds it until the test calls
/// ``resume()`` (or stops it), so that a test can change the world between two events.
public final class ScriptedPlayer: MediaPlayer {
    /// One step of the script.
    public enum Step: Sendable, Equatable {
        /// Moves the clock `seconds` on, then reports `position`.
        case position(Int, after: TimeInterval)
        /// Holds playback until it is stopped; it then ends as stopped.
        case waitForStop
        /// Holds playback until ``ScriptedPlayer/resume()``, or until it is stopped.
        case waitForResume
        /// Ends playback so.
        case end(PlaybackEnding)
    }

    public let name = "scripted"
    public let reportsPositions: Bool
    private let script: [Step]
    private let clock: TestClock
    private let startFailure: PlayerError?
    private let started = Mutex<[(url: URL, position: Int)]>([])
    private let playbacks = Mutex<[ScriptedPlayback]>([])

    /// A player that plays `script` on `clock`; with `startFailure` it cannot be started.
    public init(
        script: [Step], clock: TestClock = TestClock(), reportsPositions: Bool = true,
        startFailure: PlayerError? = nil
    ) {
        self.script = script
        self.clock = clock
        self.reportsPositions = reportsPositions
        self.startFailure = startFailure
    }

    /// Every URL it was asked to play and the position asked for, oldest first.
    public var plays: [(url: URL, position: Int)] { started.withLock { $0 } }

    /// Whether a playback was stopped by ``Playback/stop()``.
    public var wasStopped: Bool { playbacks.withLock { $0.contains { $0.wasStopped } } }

    /// Lets every playback started so far go on from ``Step/waitForResume``: one held there
    /// now, or the next time it gets there.
    public func resume() {
        for playback in playbacks.withLock({ $0 }) { playback.resume() }
    }

    public func play(_ url: URL, from position: Int) async throws(PlayerError) -> any Playback {
        started.withLock { $0.append((url, position)) }
        if let startFailure { throw startFailure }
        let steps = reportsPositions ? script : script.filter { if case .position = $0 { false } else { true } }
        let playback = ScriptedPlayback(steps: steps, clock: clock)
        playbacks.withLock { $0.append(playback) }
        return playback
    }
}

/// One run of a ``ScriptedPlayer``'s script.
final class ScriptedPlayback: Playback {
    private struct Progress {
        var next = 0
        var ended = false
        var stopped = false
        /// Resumes not yet spent by a ``ScriptedPlayer/Step/waitForResume``.
        var resumes = 0
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let steps: [ScriptedPlayer.Step]
    private let clock: TestClock
    private let progress = Mutex(Progress())

    init(steps: [ScriptedPlayer.Step], clock: TestClock) {
        self.steps = steps
        self.clock = clock
    }

    var wasStopped: Bool { progress.withLock { $0.stopped } }

    var events: AsyncStream<PlaybackEvent> {
        AsyncStream(unfolding: { await self.nextEvent() })
    }

    func stop() async {
        let waiter = progress.withLock { state -> CheckedContinuation<Void, Never>? in
            if !state.ended { state.stopped = true }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func resume() {
        let waiter = progress.withLock { state -> CheckedContinuation<Void, Never>? in
            state.resumes += 1
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    private func nextEvent() async -> PlaybackEvent? {
        while true {
            let step: ScriptedPlayer.Step? = progress.withLock { state in
                if state.ended { return nil }
                if state.stopped {
                    state.ended = true
                    return .end(.stopped)
                }
                guard state.next < steps.count else {
                    state.ended = true
                    return .end(.finished)
                }
                defer { state.next += 1 }
                return steps[state.next]
            }
            switch step {
            case nil: return nil
            case .position(let position, let seconds):
                clock.advance(by: seconds)
                return .position(position)
            case .end(let ending):
                progress.withLock { $0.ended = true }
                return .ended(ending)
            case .waitForStop:
                await hold { $0.stopped }
            case .waitForResume:
                await hold { state in
                    guard !state.stopped else { return true }
                    defer { if state.resumes > 0 { state.resumes -= 1 } }
                    return state.resumes > 0
                }
            }
        }
    }

    /// Waits until `isReleased` holds, checking it under the lock now and after each wake-up.
    private func hold(until isReleased: (inout Progress) -> Bool) async {
        while true {
            var released = false
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                released = progress.withLock { state in
                    if isReleased(&state) { return true }
                    state.waiter = continuation
                    return false
                }
                if released { continuation.resume() }
            }
            if released { return }
        }
    }
}
