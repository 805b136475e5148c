import Foundation
import Ports
import Synchronization

/// The scripted ``/Ports/MediaPlayer`` for previews: reports the script's positions, each
/// after moving a clock of its own, then ends as the script says — or holds until stopped.
///
/// Give its ``now`` to the view-model as its clock, so that saves fall due as the script
/// moves, without waiting. Events are made one at a time as the consumer asks for the next,
/// so the clock stands where the script put it while the consumer handles an event.
/// (Tests have their own, on their `TestClock`: `ScriptedPlayer` in TestSupport.)
public final class StubPlayer: MediaPlayer {
    /// One step of the script.
    public enum Step: Sendable, Equatable {
        /// Moves the clock `seconds` on, then reports `position`.
        case position(Int, after: TimeInterval)
        /// Holds playback until it is stopped; it then ends as stopped.
        case waitForStop
        /// Ends playback so.
        case end(PlaybackEnding)
    }

    public let name: String
    public let reportsPositions: Bool
    private let script: [Step]
    private let startFailure: PlayerError?
    private let clock: Mutex<Date>

    /// A player called `name` that plays `script` from `start` (a fixed moment, so that
    /// what previews draw never depends on the day); with `startFailure` it cannot be started.
    public init(
        name: String = "mpv", script: [Step], reportsPositions: Bool = true, startFailure: PlayerError? = nil,
        start: Date = Date(timeIntervalSince1970: 1_795_000_000)
    ) {
        self.name = name
        self.script = reportsPositions ? script : script.filter { if case .position = $0 { false } else { true } }
        self.reportsPositions = reportsPositions
        self.startFailure = startFailure
        clock = Mutex(start)
    }

    /// The script's clock.
    public var now: Date { clock.withLock { $0 } }

    public func play(_ url: URL, from position: Int) async throws(PlayerError) -> any Playback {
        if let startFailure { throw startFailure }
        return StubPlayback(steps: script) { [self] seconds in clock.withLock { $0 += seconds } }
    }
}

/// One run of a ``StubPlayer``'s script.
final class StubPlayback: Playback {
    private struct Progress {
        var next = 0
        var ended = false
        var stopped = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let steps: [StubPlayer.Step]
    private let advance: @Sendable (TimeInterval) -> Void
    private let progress = Mutex(Progress())

    init(steps: [StubPlayer.Step], advance: @escaping @Sendable (TimeInterval) -> Void) {
        self.steps = steps
        self.advance = advance
    }

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

    private func nextEvent() async -> PlaybackEvent? {
        while true {
            let step: StubPlayer.Step? = progress.withLock { state in
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
                await withCheckedContinuation { continuation in
                    let stopped = progress.withLock { state in
                        if !state.stopped { state.waiter = continuation }
                        return state.stopped
                    }
                    if stopped { continuation.resume() }
                }
            }
        }
    }
}
