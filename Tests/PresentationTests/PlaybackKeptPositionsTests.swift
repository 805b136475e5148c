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

@MainActor
@Suite("PlaybackViewModel: positions that could not be saved are kept")
struct PlaybackKeptPositionsTests {
    typealias Fixture = PlaybackFixture

    static let refused = APIError.unreachable(
        .cannotConnect(host: "127.0.0.1", port: 8080, detail: "Couldn't connect to server"))

    /// A position kept `seconds` after playback started, following the server's 0:00 as the
    /// playback loaded it (no save went through since).
    func kept(_ cursor: Int, at seconds: Double) -> KeptPosition {
        KeptPosition(
            progress: VideoProgress(videoID: Fixture.videoID, cursor: cursor), recordedAt: TestClock().now + seconds,
            basedOn: SeenPosition(cursor: 0, seenAt: TestClock().now))
    }

    @Test func aFailedSaveIsKeptAndTheNextSaveThatGoesThroughForgetsIt() async throws {
        // Given a server that cannot be reached when 0:15 is due
        let fixture = Fixture(Fixture.moving(1...15) + [.waitForResume] + Fixture.moving(16...30))
        fixture.spy.updateProgressResult = .failure(Self.refused)
        let states = ObservationRecorder { fixture.viewModel.state }
        let watch = Task { await fixture.viewModel.watch() }

        // Then 0:15 is kept, and the state says it is pending
        try await states.waitUntil { $0.last?.playhead.map { $0.sync != .saved } == true }
        #expect(
            fixture.viewModel.state == .playing(Fixture.playhead(at: 15, saved: 0, .kept(15, because: Self.refused)))
        )
        #expect(try await fixture.keptPositions.kept() == [kept(15, at: 15)])

        // When the server answers again, 0:30 is saved and nothing is kept
        fixture.spy.updateProgressResult = nil
        fixture.player.resume()
        await watch.value
        #expect(fixture.saves == [15, 30])
        #expect(try await fixture.keptPositions.kept().isEmpty)
        #expect(fixture.viewModel.state == .finished(.atTheEnd, Fixture.playhead(at: 30, saved: 30)))
    }

    @Test func whileNothingCanBeSavedTheNewestPositionIsKept() async throws {
        let fixture = Fixture(Fixture.moving(1...35) + [.end(.stopped)], cursor: 0)
        let serverFault = APIError.failedRequest(.status(503, reason: "Service Unavailable"))
        fixture.spy.updateProgressResult = .failure(serverFault)

        await fixture.viewModel.watch()

        #expect(fixture.saves == [15, 30, 35])
        #expect(try await fixture.keptPositions.kept() == [kept(35, at: 35)])
        #expect(
            fixture.viewModel.state
                == .finished(.stopped, Fixture.playhead(at: 35, saved: 0, .kept(35, because: serverFault))))
    }

    @Test func aPositionNeitherSavedNorKeptIsSaidToBeLost() async throws {
        let fixture = Fixture(Fixture.moving(1...20))
        fixture.spy.updateProgressResult = .failure(.unauthorized(.sessionEnded))
        fixture.store.failWrites(with: Samples.ioFailure)

        await fixture.viewModel.watch()

        let lost = PlaybackViewModel.Sync.lost(20, because: .unauthorized(.sessionEnded), store: Samples.ioFailure)
        #expect(fixture.viewModel.state == .finished(.atTheEnd, Fixture.playhead(at: 20, saved: 0, lost)))
    }

    @Test func anOlderPositionKeptByAnEarlierRunIsForgottenOnceTheServerTakesANewerOne() async throws {
        let fixture = Fixture(Fixture.moving(1...15), cursor: 0)
        try await fixture.keptPositions.keep(kept(100, at: -3_600))

        await fixture.viewModel.watch()

        #expect(fixture.saves == [15])
        #expect(try await fixture.keptPositions.kept().isEmpty)
    }

    @Test func aKeptPositionStoreThatCannotForgetAnOlderPositionIsSaidToBeStale() async throws {
        let fixture = Fixture(Fixture.moving(1...15))
        try await fixture.keptPositions.keep(kept(100, at: -3_600))
        fixture.store.failWrites(with: Samples.ioFailure)

        await fixture.viewModel.watch()

        // The final save tries once more, as the kept-position store still keeps what the server overtook
        #expect(fixture.saves == [15, 15])
        #expect(try await fixture.keptPositions.kept() == [kept(100, at: -3_600)])
        #expect(
            fixture.viewModel.state
                == .finished(.atTheEnd, Fixture.playhead(at: 15, saved: 15, .stale(Samples.ioFailure))))
    }

    @Test func aCancelledSaveIsDroppedUnlessItIsTheLast() async throws {
        let fixture = Fixture(Fixture.moving(1...20))
        fixture.spy.updateProgressResult = .failure(.cancelled)

        await fixture.viewModel.watch()

        #expect(fixture.saves == [15, 20])
        #expect(try await fixture.keptPositions.kept() == [kept(20, at: 20)])
        #expect(
            fixture.viewModel.state
                == .finished(.atTheEnd, Fixture.playhead(at: 20, saved: 0, .kept(20, because: .cancelled))))
    }
}
