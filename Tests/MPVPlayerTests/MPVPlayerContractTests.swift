import Foundation
import MPVPlayer
import PortContracts
import Testing

/// The media-player contract against real mpv, playing `Scripts/mock-api --media` over
/// loopback: a long episode (seeking with byte ranges to the start asked), one cut to 3 s,
/// and a video the server does not have (404).
@Suite("MPVPlayer: the media-player contract with real mpv")
struct MPVPlayerContractTests {
    @Test("MPVPlayer", .timeLimit(.minutes(3)), arguments: MediaPlayerContract.cases)
    func contract(_ check: MediaPlayerContract) async throws {
        try await MPVFixture.with { mpv in
            try await MockAPIServer.with(arguments: ["--media"]) { long in
                try await MockAPIServer.with(arguments: ["--media", "--media-seconds", "3"]) { short in
                    let video = MockAPIContract.knownVideoID
                    try await check.run(
                        on: MediaPlayerSubject(
                            player: mpv.player(), longMedia: long.mediaURL(videoID: video),
                            shortMedia: short.mediaURL(videoID: video),
                            unplayableMedia: long.mediaURL(videoID: "no-such-video")))
                }
            }
        }
    }
}
