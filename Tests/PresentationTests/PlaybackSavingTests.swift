import Domain
import PlaybackScripts
import PortContracts
import Ports
import Presentation
import Stubs
import TestSupport
import Testing

@MainActor
@Suite("PlaybackViewModel: when the position is saved")
struct PlaybackSavingTests {
    typealias Fixture = PlaybackFixture

    @Test func savesEveryFifteenSecondsWhileMovingAndOnceAtTheEnd() async {
        let fixture = Fixture(Fixture.moving(1...40))
        await fixture.viewModel.watch()
        #expect(fixture.saves == [15, 30, 40])
        #expect(fixture.viewModel.state == .finished(.atTheEnd, Fixture.playhead(at: 40, saved: 40)))
    }

    @Test func savesNothingWhileThePositionStandsStill() async {
        // Given a viewer who pauses at 0:15 for a minute, then plays one second more
        let paused = Array(repeating: ScriptedPlayer.Step.position(15, after: 5), count: 12)
        let fixture = Fixture(Fixture.moving(1...15) + paused + [.position(16, after: 1)])

        await fixture.viewModel.watch()

        // Then 0:15 is saved once, and 0:16 as soon as it moved; the end has nothing new to save
        #expect(fixture.saves == [15, 16])
        #expect(fixture.viewModel.state == .finished(.atTheEnd, Fixture.playhead(at: 16, saved: 16)))
    }

    @Test(arguments: [PlaybackEnding.finished, .stopped, .failed(reason: "Failed to open the stream.")])
    func eachEndingSavesTheLastPositionReported(ending: PlaybackEnding) async {
        let fixture = Fixture(Fixture.moving(1...6) + [.end(ending)])
        await fixture.viewModel.watch()

        #expect(fixture.saves == [6])
        let playhead = Fixture.playhead(at: 6, saved: 6)
        let shown: PlaybackViewModel.State =
            switch ending {
            case .finished: .finished(.atTheEnd, playhead)
            case .stopped: .finished(.stopped, playhead)
            case .failed(let reason):
                .failed(message: "scripted failed: \(reason)", .playback(reason: reason, playhead))
            }
        #expect(fixture.viewModel.state == shown)
    }

    /// Within the last 10 s of the 513 s video, however playback ended, the whole length is
    /// saved: the episode reads as finished on every device, and the next watch starts over.
    @Test(arguments: [PlaybackEnding.finished, .stopped])
    func playedToWithinTheLastSecondsSavesTheWholeLength(ending: PlaybackEnding) async {
        let fixture = PlaybackFixture(PlaybackFixture.moving(500...505) + [.end(ending)], cursor: 499)
        await fixture.viewModel.watch()
        #expect(fixture.saves == [513])
        #expect(fixture.viewModel.state.playhead == PlaybackFixture.playhead(start: 499, at: 513, saved: 513))
    }

    /// The player's end of file far from the end is a stream cut short, not a finished episode.
    @Test func anEndOfFileFarFromTheEndSavesWhereItWas() async {
        let fixture = PlaybackFixture(PlaybackFixture.moving(1...30) + [.end(.finished)])
        await fixture.viewModel.watch()
        #expect(fixture.saves.last == 30)
    }

    @Test(arguments: [PlaybackEnding.stopped, .failed(reason: "exit status 2")])
    func anEndingBeforeAnyPositionSavesNothing(ending: PlaybackEnding) async {
        // Given a viewer who starts over from 2:04 and stops before the player said where it is
        let fixture = Fixture([.end(ending)], cursor: 124)
        await fixture.viewModel.watch(fromStart: true)

        // Then the server keeps 2:04
        #expect(fixture.saves.isEmpty)
        #expect(fixture.viewModel.state.playhead == Fixture.playhead(at: 0, saved: 124))
    }

    @Test func neverTwoSavesInFlightAndTheNewestDueSaveWaits() async throws {
        // Given a first save held open while playback goes on to 0:50
        let fixture = Fixture([.waitForResume] + Fixture.moving(1...50) + [.waitForResume])
        let states = ObservationRecorder { fixture.viewModel.state }
        let watch = Task { await fixture.viewModel.watch() }
        try await states.waitUntil { if case .playing = $0.last { true } else { false } }
        fixture.gate.holdNext()
        fixture.player.resume()
        try await states.waitUntil { $0.last?.playhead?.position == 50 }

        // Then only 0:15 was sent, though 0:30 and 0:45 came due meanwhile
        #expect(fixture.saves == [15])
        #expect(fixture.gate.heldCount == 1)

        // When it answers, the newest due position is sent, then the last one at the end
        fixture.gate.releaseAll()
        try await states.waitUntil { $0.last?.playhead?.saved == 45 }
        fixture.player.resume()
        await watch.value
        #expect(fixture.saves == [15, 45, 50])
    }

    @Test func theFinalSaveWaitsForTheSaveInFlight() async throws {
        let fixture = Fixture([.waitForResume] + Fixture.moving(1...20) + [.end(.stopped)])
        let states = ObservationRecorder { fixture.viewModel.state }
        let watch = Task { await fixture.viewModel.watch() }
        try await states.waitUntil { if case .playing = $0.last { true } else { false } }
        fixture.gate.holdNext()
        fixture.player.resume()

        // While 0:15 is held, playback ends: the state says the position is being saved
        try await states.waitUntil { if case .saving = $0.last { true } else { false } }
        #expect(fixture.saves == [15])
        #expect(fixture.viewModel.state == .saving(Fixture.playhead(at: 20, saved: 0)))

        fixture.gate.releaseAll()
        await watch.value
        #expect(fixture.saves == [15, 20])
        #expect(fixture.viewModel.state == .finished(.stopped, Fixture.playhead(at: 20, saved: 20)))
    }

    @Test func aPlayerWithoutPositionsSavesNothingAndSaysSo() async throws {
        let fixture = Fixture(Fixture.moving(1...40) + [.end(.stopped)], cursor: 124, reportsPositions: false)
        let states = ObservationRecorder { fixture.viewModel.state }
        await fixture.viewModel.watch()

        let untracked = Fixture.playhead(start: 124, at: nil, saved: 124, .untracked)
        #expect(fixture.saves.isEmpty)
        try await states.waitForValues([.idle, .loading, .playing(untracked), .finished(.stopped, untracked)])
    }
}
