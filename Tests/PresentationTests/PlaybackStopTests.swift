import Domain
import PlaybackScripts
import PortContracts
import Ports
import Presentation
import Stubs
import TestSupport
import Testing

@MainActor
@Suite("PlaybackViewModel: stopping (Ctrl-C) never loses the last position")
struct PlaybackStopTests {
    typealias Fixture = PlaybackFixture

    /// A viewer who watches to 0:20 and then waits for the stop; the save of 0:15 went through.
    func watchingAtTwenty() async throws -> (Fixture, ObservationRecorder<Fixture.State>, Task<Void, Never>) {
        let fixture = Fixture(Fixture.moving(1...20) + [.waitForStop])
        let states = ObservationRecorder { fixture.viewModel.state }
        let watch = Task { await fixture.viewModel.watch() }
        try await states.waitUntil { $0.last?.playhead?.position == 20 && $0.last?.playhead?.saved == 15 }
        return (fixture, states, watch)
    }

    @Test func stopStopsThePlayerAndSavesTheLastPosition() async throws {
        let (fixture, _, watch) = try await watchingAtTwenty()

        fixture.viewModel.stop()
        await watch.value

        #expect(fixture.player.wasStopped)
        #expect(fixture.saves == [15, 20])
        #expect(fixture.viewModel.state == .finished(.stopped, Fixture.playhead(at: 20, saved: 20)))
    }

    @Test func cancellingTheWatchStopsThePlayerAndTheFinalSaveStillGoesThrough() async throws {
        let (fixture, _, watch) = try await watchingAtTwenty()

        watch.cancel()
        await watch.value

        #expect(fixture.player.wasStopped)
        #expect(fixture.saves == [15, 20])
        #expect(fixture.viewModel.state == .finished(.stopped, Fixture.playhead(at: 20, saved: 20)))
    }

    @Test func aSecondStopDuringTheFinalSaveDoesNotCancelIt() async throws {
        let (fixture, states, watch) = try await watchingAtTwenty()
        fixture.gate.holdNext()

        fixture.viewModel.stop()
        try await states.waitUntil { if case .saving = $0.last { true } else { false } }
        try await fixture.gate.waitUntilCalled(times: 4)
        watch.cancel()
        fixture.viewModel.stop()
        fixture.gate.releaseAll()
        await watch.value

        #expect(fixture.saves == [15, 20])
        #expect(fixture.viewModel.state == .finished(.stopped, Fixture.playhead(at: 20, saved: 20)))
    }

    @Test func aStopWhileFetchingCancelsTheFetchesAndPlaysNothing() async throws {
        let fixture = Fixture(Fixture.moving(1...20))
        fixture.gate.holdNext(2)
        let states = ObservationRecorder { fixture.viewModel.state }
        let watch = Task { await fixture.viewModel.watch() }
        try await fixture.gate.waitUntilCalled(times: 2)

        fixture.viewModel.stop()
        await watch.value

        #expect(fixture.player.plays.isEmpty)
        try await states.waitForValues([.idle, .loading, .idle])
    }

    @Test func aWatchCancelledBeforeItBeganPlaysNothing() async {
        let fixture = Fixture(Fixture.moving(1...20))
        let watch = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await fixture.viewModel.watch()
        }
        await watch.value

        #expect(fixture.player.plays.isEmpty)
        #expect(fixture.viewModel.state == .idle)
    }

    @Test func stopWithoutAWatchDoesNothing() async {
        let fixture = Fixture(Fixture.moving(1...3))
        fixture.viewModel.stop()
        await fixture.viewModel.watch()
        #expect(fixture.saves == [3])
        #expect(!fixture.player.wasStopped)
    }
}
