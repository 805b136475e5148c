import Domain
import Foundation
import PlaybackScripts
import PortContracts
import Ports
import Presentation
import Stores
import Stubs

/// A playback view-model over doubles: the scripted service behind a spy and its gate
/// (the video of ``Samples/scriptedVideo``, 513 s), a ``ScriptedPlayer`` on a ``TestClock``
/// that is also the view-model's clock, and a kept-position store in memory.
@MainActor
struct PlaybackFixture {
    typealias State = PlaybackViewModel.State
    typealias Playhead = PlaybackViewModel.Playhead

    static let videoID = "632759499"

    let spy: SpyAPIService<StubAPIService>
    let gate: SpyGate
    let clock = TestClock()
    let player: ScriptedPlayer
    /// The store under ``keptPositions``; a failing one when the test asks.
    let store: FailingKeyValueStore
    let keptPositions: KeyValueKeptPositionStore
    let viewModel: PlaybackViewModel

    /// Playback of `script`, from a saved `cursor`.
    init(
        _ script: [ScriptedPlayer.Step], cursor: Int = 0, reportsPositions: Bool = true,
        startFailure: PlayerError? = nil, localCopy: URL? = nil, history: (any WatchHistory)? = nil
    ) {
        (spy, gate) = Samples.scriptedService()
        spy.progressResult = .success(VideoProgress(videoID: Self.videoID, cursor: cursor))
        player = ScriptedPlayer(
            script: script, clock: clock, reportsPositions: reportsPositions, startFailure: startFailure)
        store = FailingKeyValueStore(InMemoryKeyValueStore())
        keptPositions = KeptPositionStoreFixture(store: store).keptPositions()
        viewModel = PlaybackViewModel(
            videoID: Self.videoID, apiService: spy, player: player, keptPositions: keptPositions, history: history,
            localCopy: localCopy, now: { [clock] in clock.now })
    }

    /// Positions from `first` to `last`, one every `seconds`.
    static func moving(_ positions: ClosedRange<Int>, every seconds: TimeInterval = 1) -> [ScriptedPlayer.Step] {
        positions.map { .position($0, after: seconds) }
    }

    /// The progress updates sent so far, as cursors.
    var saves: [Int] {
        spy.calls.compactMap { if case .updateProgressForVideo(_, let cursor) = $0 { cursor } else { nil } }
    }

    /// The moment `seconds` after playback started (the clock's start: nothing else moves it).
    func time(_ seconds: TimeInterval) -> Date {
        TestClock().now + seconds
    }

    /// The playhead of the video played, as the state shows it.
    static func playhead(
        start: Int = 0, at position: Int?, saved: Int, _ sync: PlaybackViewModel.Sync = .saved
    ) -> Playhead {
        Playhead(video: Samples.scriptedVideo, start: start, position: position, saved: saved, sync: sync)
    }
}

extension PlaybackViewModel.State {
    /// The playhead the state shows, if any.
    var playhead: PlaybackViewModel.Playhead? {
        switch self {
        case .playing(let playhead), .saving(let playhead), .finished(_, let playhead): playhead
        case .failed(_, .playback(_, let playhead)): playhead
        case .idle, .loading, .failed: nil
        }
    }
}
