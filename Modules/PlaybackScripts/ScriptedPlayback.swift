import Foundation
import Ports
import Synchronization

/// A ``/Ports/Playback`` that plays a script: each position after moving a clock the
/// script's seconds on, then the script's ending — the one engine of the previews'
/// ``/Stubs/StubPlayer`` (its own clock) and the tests' `ScriptedPlayer` (a `TestClock`).
///
/// Events are made one at a time as the consumer asks for the next (an unfolding stream),
/// so the clock stands where the script put it while the consumer handles an event. A
/// script that runs out has finished; a stopped playback ends as stopped at its next event.
public final class ScriptedPlayback: Playback {
    /// One step of the script.
    public enum Step: Sendable, Equatable {
        /// Moves the clock `seconds` on, then reports `position`.
        case position(Int, after: TimeInterval)
        /// Holds playback until it is stopped (a viewer who watches until Ctrl-C); it then
        /// ends as stopped.
        case waitForStop
        /// Holds playback until ``ScriptedPlayback/resume()``, or until it is stopped: a test
        /// changes the world between two events.
        case waitForResume
        /// Ends playback so.
        case end(PlaybackEnding)
    }

    private struct Progress {
        var next = 0
        var ended = false
        var stopped = false
        /// Resumes not yet spent by a ``Step/waitForResume``.
        var resumes = 0
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let steps: [Step]
    private let advance: @Sendable (TimeInterval) -> Void
    private let progress = Mutex(Progress())

    /// Plays `script`, its positions left out unless `reportsPositions` (a player that
    /// cannot tell them), calling `advance` with each position's seconds before reporting it.
    public init(
        script: [Step], reportsPositions: Bool = true, advance: @escaping @Sendable (TimeInterval) -> Void
    ) {
        self.steps = reportsPositions ? script : script.filter { if case .position = $0 { false } else { true } }
        self.advance = advance
    }

    /// Whether ``stop()`` was called before playback ended.
    public var wasStopped: Bool { progress.withLock { $0.stopped } }

    public var events: AsyncStream<PlaybackEvent> {
        AsyncStream(unfolding: { await self.nextEvent() })
    }

    public func stop() async {
        wake { if !$0.ended { $0.stopped = true } }
    }

    /// Lets playback go on from a ``Step/waitForResume``: the one it holds at now, or the
    /// next it gets to.
    public func resume() {
        wake { $0.resumes += 1 }
    }

    /// Makes `change`, then wakes a playback that holds, to check it.
    private func wake(after change: (inout Progress) -> Void) {
        progress.withLock { state in
            change(&state)
            return state.waiter.take()
        }?.resume()
    }

    private func nextEvent() async -> PlaybackEvent? {
        while true {
            let step: Step? = progress.withLock { state in
                if state.ended { return nil }
                if state.stopped || state.next == steps.count {
                    state.ended = true
                    return .end(state.stopped ? .stopped : .finished)
                }
                defer { state.next += 1 }
                return steps[state.next]
            }
            switch step {
            case nil: return nil
            case .position(let position, let seconds):
                advance(seconds)
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
