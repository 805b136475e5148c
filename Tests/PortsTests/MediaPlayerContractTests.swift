import Foundation
import PlaybackScripts
import PortContracts
import Ports
import Testing

/// The media-player contract against the scripted player, each URL with the script a real
/// player would play for it.
@Suite("Media-player contract: ScriptedPlayer")
struct MediaPlayerContractTests {
    @Test("ScriptedPlayer", .timeLimit(.minutes(2)), arguments: MediaPlayerContract.cases)
    func scriptedPlayer(_ check: MediaPlayerContract) async throws {
        let media = URL(string: "scripted:/")!
        try await check.run(
            on: MediaPlayerSubject(
                player: ScriptedMedia(), longMedia: media.appendingPathComponent("long"),
                shortMedia: media.appendingPathComponent("short"),
                unplayableMedia: media.appendingPathComponent("missing")))
    }
}

/// A ``ScriptedPlayer`` per playback, scripted for its URL and start: `long` plays a minute
/// from the start asked and then waits to be stopped, `short` plays three seconds to its
/// end, anything else fails as a player would.
private struct ScriptedMedia: MediaPlayer {
    let name = "scripted"
    let reportsPositions = true

    func play(_ url: URL, from position: Int) async throws(PlayerError) -> any Playback {
        let script: [ScriptedPlayer.Step] =
            switch url.lastPathComponent {
            case "long": (position..<position + 60).map { .position($0, after: 1) } + [.waitForStop]
            case "short": (0..<3).map { .position($0, after: 1) } + [.end(.finished)]
            default: [.end(.failed(reason: "nothing to play at \(url.absoluteString)"))]
            }
        return try await ScriptedPlayer(script: script).play(url, from: position)
    }
}
