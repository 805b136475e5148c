import Foundation
import PlaybackScripts
import Ports
import Synchronization

/// The scripted ``/Ports/MediaPlayer`` for previews: reports the script's positions, each
/// after moving a clock of its own, then ends as the script says — or holds until stopped.
///
/// Give its ``now`` to the view-model as its clock, so that saves fall due as the script
/// moves, without waiting. Its playbacks are ``/PlaybackScripts/ScriptedPlayback``s, the
/// engine the tests' `ScriptedPlayer` plays on a `TestClock` too; nothing here resumes one
/// from a ``/PlaybackScripts/ScriptedPlayback/Step/waitForResume``, so there it holds until
/// stopped.
public final class StubPlayer: MediaPlayer {
    /// One step of the script.
    public typealias Step = ScriptedPlayback.Step

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
        self.script = script
        self.reportsPositions = reportsPositions
        self.startFailure = startFailure
        clock = Mutex(start)
    }

    /// The script's clock.
    public var now: Date { clock.withLock { $0 } }

    public func play(_ url: URL, from position: Int) async throws(PlayerError) -> any Playback {
        if let startFailure { throw startFailure }
        return ScriptedPlayback(script: script, reportsPositions: reportsPositions) { [self] seconds in
            clock.withLock { $0 += seconds }
        }
    }
}
