import Domain
import Foundation
import PortContracts
import Ports
import Presentation
import Stubs
import TestSupport
import Testing

@MainActor
@Suite("PlaybackViewModel: what is shown when nothing can be played")
struct PlaybackFailureTests {
    typealias Fixture = PlaybackFixture

    /// The progress screen's text for each error; `nil` for a cancellation.
    static func progressMessage(for error: APIError) -> String? {
        switch error.kind {
        case .unreachable: "You need to have a network connection."
        case .unauthorized: "You need to be signed in."
        case .unknown, .failedRequest, .invalidResponse: "The video progress could not be fetched."
        case .cancelled: nil
        }
    }

    @Test(arguments: APIError.oneOfEachKind)
    func aVideoThatCannotBeFetchedShowsTheVideoScreensMessage(error: APIError) async {
        let fixture = Fixture(Fixture.moving(1...20))
        fixture.spy.videoResult = .failure(error)

        await fixture.viewModel.watch()

        let shown = VideoViewModelTests.expectedMessage(for: error).map {
            PlaybackViewModel.State.failed(message: $0, .video(.api(error)))
        }
        #expect(fixture.viewModel.state == shown ?? .idle)
        #expect(fixture.player.plays.isEmpty && fixture.saves.isEmpty)
    }

    @Test(arguments: APIError.oneOfEachKind)
    func progressThatCannotBeFetchedShowsTheProgressScreensMessage(error: APIError) async {
        let fixture = Fixture(Fixture.moving(1...20))
        fixture.spy.progressResult = .failure(error)

        await fixture.viewModel.watch()

        let shown = Self.progressMessage(for: error).map {
            PlaybackViewModel.State.failed(message: $0, .progress(.api(error)))
        }
        #expect(fixture.viewModel.state == shown ?? .idle)
        #expect(fixture.player.plays.isEmpty)
    }

    @Test func whenBothFetchesFailTheVideosFailureIsShown() async {
        let fixture = Fixture([])
        fixture.spy.videoResult = .failure(.unauthorized(.notSignedIn))
        fixture.spy.progressResult = .failure(.unreachable(.timedOut(seconds: 30)))

        await fixture.viewModel.watch()

        #expect(
            fixture.viewModel.state
                == .failed(
                    message: "You need to be signed in to watch this episode.",
                    .video(.api(.unauthorized(.notSignedIn)))))
    }

    @Test(arguments: [
        PlayerError.notFound(name: "mpv"), .couldNotStart(name: "mpv", reason: "it exited with status 1"),
    ])
    func aPlayerThatCannotStartSaysWhyAndNothingIsSaved(error: PlayerError) async {
        let fixture = Fixture(Fixture.moving(1...20), cursor: 124, startFailure: error)

        await fixture.viewModel.watch()

        #expect(fixture.viewModel.state == .failed(message: "\(error).", .player(error)))
        #expect(fixture.player.plays.map(\.position) == [124])
        #expect(fixture.saves.isEmpty)
    }

    /// A server must not make a player open a local file or another scheme's handler.
    @Test(arguments: ["file:///etc/passwd", "av://lavfi/anullsrc", "x-handler://run", "http:relative"])
    func aStreamURLThatIsNotHTTPIsNeverPlayed(url: String) async throws {
        let fixture = Fixture(Fixture.moving(1...20))
        let video = try #require(URL(string: url))
        fixture.spy.videoResult = .success(
            Video(duration: 513, videoURL: video, imageURL: Samples.scriptedVideo.imageURL))

        await fixture.viewModel.watch()

        let refusal = PlayerError.couldNotStart(
            name: "scripted", reason: "the server's stream URL is not an http(s) URL, so it was not played")
        #expect(fixture.viewModel.state == .failed(message: "\(refusal).", .player(refusal)))
        #expect(fixture.player.plays.isEmpty)
    }

    /// The app's own copy on this machine is the one file URL played; another is still refused.
    @Test func theLocalCopyTheAppChoseIsPlayedAndNoOtherFile() async throws {
        let copy = URL(fileURLWithPath: "/home/viewer/.local/share/cocoacasts/videos/632759499/index.m3u8")
        for (url, plays) in [(copy, true), (URL(fileURLWithPath: "/etc/passwd"), false)] {
            let fixture = Fixture(Fixture.moving(1...3), localCopy: copy)
            fixture.spy.videoResult = .success(
                Video(duration: 513, videoURL: url, imageURL: Samples.scriptedVideo.imageURL))
            await fixture.viewModel.watch()
            #expect(fixture.player.plays.isEmpty == !plays, "\(url)")
        }
    }

    @Test func theMessagesNameThePlayer() {
        #expect("\(PlayerError.notFound(name: "mpv"))." == "mpv was not found on this machine (PATH).")
    }
}
