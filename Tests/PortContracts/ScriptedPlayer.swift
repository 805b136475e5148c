import Foundation
import PlaybackScripts
import Ports
import Synchronization

/// A ``MediaPlayer`` that plays a script on a ``TestClock`` it moves: each position after the
/// seconds the script says, then the script's ending. Its playbacks are
/// ``/PlaybackScripts/ScriptedPlayback``s (the engine of the previews' `StubPlayer` too);
/// this adds what tests ask of a player: what it was asked to play, whether it was stopped,
/// and ``resume()`` for a script held at ``/PlaybackScripts/ScriptedPlayback/Step/waitForResume``.
public final class ScriptedPlayer: MediaPlayer {
    /// One step of the script.
    public typealias Step = ScriptedPlayback.Step

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

    /// Lets every playback started so far go on from a `waitForResume`: one held there
    /// now, or the next time it gets there.
    public func resume() {
        for playback in playbacks.withLock({ $0 }) { playback.resume() }
    }

    public func play(_ url: URL, from position: Int) async throws(PlayerError) -> any Playback {
        started.withLock { $0.append((url, position)) }
        if let startFailure { throw startFailure }
        let playback = ScriptedPlayback(script: script, reportsPositions: reportsPositions) { [clock] seconds in
            clock.advance(by: seconds)
        }
        playbacks.withLock { $0.append(playback) }
        return playback
    }
}
