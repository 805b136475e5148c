import Domain
import Foundation
import PlaybackScripts
import PortContracts
import Ports
import Presentation
import Stores
import Stubs
import TestSupport
import Testing

/// A copy on this machine played while the server cannot be reached starts at the newest
/// position known here, says which, and keeps what it plays after the server's position as
/// this machine last saw it — so that the kept position never goes back in time over another
/// device's.
@MainActor
@Suite("PlaybackViewModel: offline, the newest position known; every kept one follows the server's")
struct PlaybackOfflineStartTests {
    typealias Fixture = PlaybackFixture

    static let unreachable = APIError.unreachable(
        .cannotConnect(host: "127.0.0.1", port: 8080, detail: "Couldn't connect to server"))

    /// An offline playback of the copy (the video's URL is the local copy) with `history`.
    static func offline(_ script: [ScriptedPlayer.Step], history: KeyValueWatchHistory) -> Fixture {
        let fixture = Fixture(script, localCopy: Samples.scriptedVideo.videoURL, history: history)
        fixture.spy.progressResult = .failure(Self.unreachable)
        fixture.spy.updateProgressResult = .failure(Self.unreachable)
        return fixture
    }

    @Test func aPositionKeptHereAfterTheServersStartsTheCopyAndStaysPending() async throws {
        let history = WatchHistoryFixture(store: InMemoryKeyValueStore()).history()
        let seen = SeenPosition(cursor: 30, seenAt: TestClock().now - 600)
        try await history.remember(seen, of: Fixture.videoID, savedHere: true)
        let fixture = Self.offline(Fixture.moving(91...95) + [.end(.stopped)], history: history)
        try await fixture.keptPositions.keep(
            KeptPosition(
                progress: VideoProgress(videoID: Fixture.videoID, cursor: 90), recordedAt: TestClock().now - 60,
                basedOn: seen))

        await fixture.viewModel.watch()

        #expect(
            fixture.viewModel.offlineStart
                == .init(source: .keptHere(90, at: TestClock().now - 60), unreachable: Self.unreachable))
        #expect(fixture.viewModel.state.playhead?.start == 90)
        let kept = try await fixture.keptPositions.kept()
        #expect(kept.map(\.progress.cursor) == [95])
        #expect(kept.first?.basedOn == seen, "it follows the server's 0:30, not the start kept here")
    }

    @Test func theServersPositionSeenLaterThanAKeptOneStartsTheCopy() async throws {
        let history = WatchHistoryFixture(store: InMemoryKeyValueStore()).history()
        let fixture = Self.offline(Fixture.moving(181...182) + [.end(.stopped)], history: history)
        try await fixture.keptPositions.keep(
            KeptPosition(
                progress: VideoProgress(videoID: Fixture.videoID, cursor: 17), recordedAt: TestClock().now - 3_600))
        try await history.remember(
            SeenPosition(cursor: 180, seenAt: TestClock().now - 60), of: Fixture.videoID, savedHere: false)

        await fixture.viewModel.watch()

        #expect(fixture.viewModel.state.playhead?.start == 180)
        guard case .server(180, _, false)? = fixture.viewModel.offlineStart?.source else {
            Issue.record("\(String(describing: fixture.viewModel.offlineStart))")
            return
        }
    }

    @Test func nothingKnownStartsTheCopyAtTheStartAndSaysSo() async throws {
        let history = WatchHistoryFixture(store: InMemoryKeyValueStore()).history()
        let fixture = Self.offline(Fixture.moving(1...2) + [.end(.stopped)], history: history)
        await fixture.viewModel.watch()
        #expect(fixture.viewModel.offlineStart?.source == .nothingKnown)
        #expect(fixture.viewModel.state.playhead?.start == 0)
    }

    /// Online, the history remembers the position the server gave, then the one it took from here.
    @Test func onlineThePositionsGivenAndSavedAreRemembered() async throws {
        let history = WatchHistoryFixture(store: InMemoryKeyValueStore()).history()
        let fixture = Fixture(Fixture.moving(41...60), cursor: 40, history: history)
        let given = ObservationRecorder { fixture.viewModel.state }
        let watch = Task { await fixture.viewModel.watch() }
        try await given.waitUntil { $0.last?.playhead != nil }
        #expect(try await history.serverPosition(of: Fixture.videoID)?.position.cursor == 40)
        await watch.value
        let saved = try #require(try await history.serverPosition(of: Fixture.videoID))
        #expect(saved.position.cursor == 60 && saved.savedHere)
        #expect(fixture.viewModel.offlineStart == nil)
    }
}
