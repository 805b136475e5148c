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

/// A second Ctrl-C quits at once: the last position the player reported goes to the kept-position store, a
/// local write, never to the network; the next command sends it.
@MainActor
@Suite("PlaybackViewModel: quitting at once keeps the last position")
struct PlaybackQuitAtOnceTests {
    typealias Fixture = PlaybackFixture

    @Test func aPositionTheServerDoesNotHoldIsKeptWithoutTheNetwork() async throws {
        // Given playback at 0:37 of a video the server holds at 0:20, which 0:35 was saved over
        let fixture = Fixture(Fixture.moving(21...37) + [.waitForResume], cursor: 20)
        let states = ObservationRecorder { fixture.viewModel.state }
        let watch = Task { await fixture.viewModel.watch() }
        try await states.waitUntil { $0.last?.playhead?.position == 37 }
        let sentBefore = fixture.spy.calls.count

        // When the viewer quits at once
        let outcome = await fixture.viewModel.keepThePositionNow()

        // Then 0:37 is kept, and nothing more was asked of the server
        #expect(outcome == .kept(37))
        let kept = try await fixture.keptPositions.kept()
        #expect(kept.map(\.progress) == [VideoProgress(videoID: Fixture.videoID, cursor: 37)])
        #expect(kept.map(\.recordedAt) == [fixture.time(17)])
        #expect(kept.first?.basedOn?.cursor == 35, "it follows 0:35, which this playback saved")
        #expect(fixture.spy.calls.count == sentBefore)
        fixture.player.resume()
        await watch.value
    }

    @Test func aPositionTheServerHoldsIsSaidSavedAndNotKept() async throws {
        let fixture = Fixture(Fixture.moving(1...15) + [.waitForResume])
        let states = ObservationRecorder { fixture.viewModel.state }
        let watch = Task { await fixture.viewModel.watch() }
        try await states.waitUntil { $0.last?.playhead.map { $0.saved == 15 && $0.position == 15 } == true }

        #expect(await fixture.viewModel.keepThePositionNow() == .saved(15))
        #expect(try await fixture.keptPositions.kept().isEmpty)
        fixture.player.resume()
        await watch.value
    }

    @Test func aKeptPositionStoreThatCannotBeWrittenIsSaidLost() async throws {
        let fixture = Fixture(Fixture.moving(1...5) + [.waitForResume])
        fixture.store.failWrites(with: Samples.ioFailure)
        let states = ObservationRecorder { fixture.viewModel.state }
        let watch = Task { await fixture.viewModel.watch() }
        try await states.waitUntil { $0.last?.playhead?.position == 5 }

        #expect(await fixture.viewModel.keepThePositionNow() == .lost(5, Samples.ioFailure))
        fixture.player.resume()
        await watch.value
    }

    @Test func beforePlaybackOrWithoutPositionsNothingIsKept() async throws {
        let fixture = Fixture(Fixture.moving(1...5))
        #expect(await fixture.viewModel.keepThePositionNow() == .nothingPlayed)
        let untracked = Fixture(Fixture.moving(1...5) + [.waitForResume], reportsPositions: false)
        let states = ObservationRecorder { untracked.viewModel.state }
        let watch = Task { await untracked.viewModel.watch() }
        try await states.waitUntil { if case .playing = $0.last { true } else { false } }
        #expect(await untracked.viewModel.keepThePositionNow() == .untracked)
        untracked.player.resume()
        await watch.value
    }

    @Test func aWatchThatEndedAnswersWithWhatItsEndDid() async throws {
        let fixture = Fixture(Fixture.moving(1...20))
        fixture.spy.updateProgressResult = .failure(.failedRequest(.status(503, reason: "Service Unavailable")))
        await fixture.viewModel.watch()
        #expect(await fixture.viewModel.keepThePositionNow() == .kept(20))
    }
}
