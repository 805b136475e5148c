import Domain
import PlaybackScripts
import PortContracts
import Ports
import Presentation
import Stubs
import TestSupport
import Testing

@MainActor
@Suite("PlaybackViewModel: fetching, and where playback starts")
struct PlaybackStartTests {
    @Test func startsIdleAndAsksNothing() {
        let fixture = PlaybackFixture([])
        #expect(fixture.viewModel.state == .idle)
        #expect(fixture.viewModel.videoID == PlaybackFixture.videoID)
        #expect(fixture.viewModel.playerName == "scripted")
        #expect(fixture.spy.calls.isEmpty && fixture.player.plays.isEmpty)
    }

    @Test func fetchesTheVideoAndTheProgressAtOnceThenPlaysTheStreamAtTheCursor() async throws {
        // Given a service that holds both fetches open
        let fixture = PlaybackFixture([], cursor: 124)
        fixture.gate.holdNext(2)
        let watch = Task { await fixture.viewModel.watch() }

        // Then both are asked for before either is answered, and the screen is loading
        try await fixture.gate.waitUntilCalled(times: 2)
        #expect(fixture.spy.calls.contains(.video(id: PlaybackFixture.videoID)))
        #expect(fixture.spy.calls.contains(.progressForVideo(id: PlaybackFixture.videoID)))
        #expect(fixture.viewModel.state == .loading)
        #expect(fixture.player.plays.isEmpty)

        // When they answer, the stream plays from the saved cursor, to the end
        fixture.gate.releaseAll()
        await watch.value
        #expect(fixture.player.plays.map(\.url) == [Samples.scriptedVideo.videoURL])
        #expect(fixture.player.plays.map(\.position) == [124])
        #expect(
            fixture.viewModel.state == .finished(.atTheEnd, PlaybackFixture.playhead(start: 124, at: 124, saved: 124)))
    }

    /// (saved cursor, the video's length, `fromStart`, where playback starts)
    nonisolated static let starts: [(Int, Int, Bool, Int)] = [
        (124, 513, false, 124), (502, 513, false, 502), (503, 513, false, 0), (513, 513, false, 0),
        (600, 513, false, 0), (0, 513, false, 0), (124, 513, true, 0), (3, 8, false, 0), (-5, 513, false, 0),
    ]

    @Test(arguments: starts)
    func startsAtTheSavedCursorUnlessNearTheEndOrAskedToStartOver(
        cursor: Int, duration: Int, fromStart: Bool, expected: Int
    ) async {
        #expect(PlaybackViewModel.startPosition(cursor: cursor, duration: duration, fromStart: fromStart) == expected)

        let fixture = PlaybackFixture([], cursor: cursor)
        fixture.spy.videoResult = .success(Samples.video(duration: duration))
        await fixture.viewModel.watch(fromStart: fromStart)
        #expect(fixture.player.plays.map(\.position) == [expected])
    }

    @Test func aWatchWhileOneRunsDoesNothing() async throws {
        let fixture = PlaybackFixture([.waitForStop])
        let states = ObservationRecorder { fixture.viewModel.state }
        let watch = Task { await fixture.viewModel.watch() }
        try await states.waitUntil { if case .playing = $0.last { true } else { false } }

        await fixture.viewModel.watch()

        #expect(fixture.player.plays.count == 1)
        fixture.viewModel.stop()
        await watch.value
        #expect(fixture.spy.calls.count == 2)
    }

    @Test func aFinishedWatchCanBeWatchedAgain() async {
        let fixture = PlaybackFixture(PlaybackFixture.moving(1...3))
        await fixture.viewModel.watch()
        fixture.spy.progressResult = .success(VideoProgress(videoID: PlaybackFixture.videoID, cursor: 3))
        await fixture.viewModel.watch()
        #expect(fixture.player.plays.map(\.position) == [0, 3])
        #expect(fixture.saves == [3])
    }
}
