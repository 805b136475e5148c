import Domain
import Foundation
import PlaybackScripts
import Ports
import Presentation
import Stubs

extension Previews {
    /// How watching the featured video ends: to the end, stopped (saved, or kept to send),
    /// each message a failed fetch can show, a player that cannot start, and one that fails
    /// while playing.
    static let playbackEndings: [Preview] = [
        watched("finished", finished, script: [.position(278, after: 154), .end(.finished)]),
        watched("stopped", finished, script: stoppedAtThreeTwenty),
        watched(
            "stopped-kept", finished, from: .failing(.updateProgressForVideo, .unreachable),
            script: stoppedAtThreeTwenty),
        watched("failed-network", failed, from: .scenario(.unreachable)),
        watched("failed-signed-out", failed, from: .scenario(.signedOut)),
        watched("failed-server", failed, from: .scenario(.serverError)),
        watched("failed-progress", failed, from: .failing(.progressForVideo, .failedRequest)),
        watched("failed-player-missing", failed, startFailure: .notFound(name: "mpv")),
        watched(
            "failed-player-start", failed,
            startFailure: .couldNotStart(name: "mpv", reason: "it exited with status 2 before it played")),
        watched(
            "failed-playback", failed,
            script: [.position(130, after: 6), .end(.failed(reason: "Failed to recognize file format."))]),
    ]

    private typealias State = PlaybackViewModel.State

    /// A finished and a failed playback: a preview names only the case it shows, whatever the payload.
    private static let finished = State.finished(.stopped, somePlayhead)
    private static let failed = State.failed(message: "", .player(.notFound(name: "")))

    /// Watched from 2:04 to 3:20, then stopped.
    private static let stoppedAtThreeTwenty: [StubPlayer.Step] = [.position(200, after: 76), .end(.stopped)]

    /// The featured video watched to its end over the service of `setup`, with `script`
    /// played by mpv, which cannot start when `startFailure` says so.
    private static func watched(
        _ variant: String, _ state: State, from setup: ServiceSetup = .scenario(.signedIn),
        script: [StubPlayer.Step] = [], startFailure: PlayerError? = nil
    ) -> Preview {
        Preview(.playback, variant, state: state) {
            watcher(setup, content: $0, player: StubPlayer(script: script, startFailure: startFailure))
        } then: {
            await $0.watch()
        }
    }
}
