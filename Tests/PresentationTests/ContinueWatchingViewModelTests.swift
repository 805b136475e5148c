import Domain
import Foundation
import PortContracts
import Ports
import Presentation
import Stores
import Stubs
import Testing

/// Continue watching over the scripted service, a kept-position store and a history in memory, and a
/// ``TestClock`` for the age of what is remembered.
@MainActor
@Suite("ContinueWatchingViewModel: what was started and not finished, the most recent first")
struct ContinueWatchingViewModelTests {
    let service: StubAPIService
    let clock = TestClock()
    let keptPositions: KeyValueKeptPositionStore
    let history: KeyValueWatchHistory
    let model: ContinueWatchingViewModel
    /// Four episodes as the API lists them, the newest first, 513 s each.
    let episodes = (1...4).reversed().map { Samples.episode(id: $0, title: "Episode \($0)") }

    init() {
        let content = PreviewContent(
            episodes: episodes, video: Samples.scriptedVideo, tokens: SampleTokens.first,
            progress: VideoProgress(videoID: "", cursor: 0), updatedProgress: VideoProgress(videoID: "", cursor: 0))
        service = StubAPIService(content: content)
        let store = InMemoryKeyValueStore()
        keptPositions = KeptPositionStoreFixture(store: store).keptPositions()
        history = WatchHistoryFixture(store: store).history()
        model = ContinueWatchingViewModel(
            apiService: service, keptPositions: keptPositions, history: history, now: { [clock] in clock.now })
    }

    @Test func startedAndUnfinishedOnlyTheMostRecentlyWatchedFirstThenTheCatalogue() async throws {
        // video-1 finished (within the last 10 s), video-2 not started.
        service.cursors = ["video-4": 100, "video-3": 200, "video-1": 505]
        try await history.recordWatched(videoID: "video-3", at: clock.now)
        try await history.recordWatched(videoID: "video-1", at: clock.now + 1)
        await model.load()
        guard case .loaded(let items) = model.state else { Issue.record("\(model.state)"); return }
        #expect(items.map(\.episode.id) == [3, 4])
        #expect(items.map(\.cursor) == [200, 100])
        #expect(items[0].watchedAt == clock.now)
        #expect(items[1].watchedAt == nil)
        #expect(items[0].percent == 38 && items[0].secondsLeft == 313)
    }

    @Test func aKeptPositionIsNewerThanTheServersAndSaysSo() async throws {
        service.cursors = ["video-4": 100]
        try await keptPositions.keep(.sample("video-4", 300, at: 0))
        try await keptPositions.keep(.sample("video-2", 50, at: 1))
        await model.load()
        #expect(model.state.items.map(\.cursor) == [300, 50])
        #expect(model.state.items.allSatisfy { $0.isKeptHere })
    }

    @Test func positionsAreAskedAFewAtATimeNeverAllAtOnce() async throws {
        let many = (1...40).reversed().map { Samples.episode(id: $0) }
        service.episodesResult = .success(many)
        service.cursors = Dictionary(uniqueKeysWithValues: many.map { ($0.videoID, 60) })
        service.latency = .milliseconds(5)
        await model.load()
        #expect(model.state.items.count == 40)
        #expect(service.mostProgressRequestsAtOnce == ContinueWatchingViewModel.concurrentRequests)
    }

    @Test func offlineItAnswersFromThePositionsLastGivenAndSaysHowOld() async throws {
        service.cursors = ["video-4": 100]
        await model.load()
        try await keptPositions.keep(.sample("video-3", 40, at: 0))
        clock.advance(by: 3 * 3_600)
        service.progressResult = .failure(.unreachable(.offline))
        await model.load()
        guard case .offline(let items, let checkedAt, let message) = model.state else {
            Issue.record("\(model.state)")
            return
        }
        #expect(items.map(\.episode.id) == [4, 3])
        #expect(checkedAt == clock.now - 3 * 3_600)
        #expect(message == "Offline: showing the positions the server gave 3 hours ago.")
    }

    @Test func aSavedCatalogueIsOfflineWithoutAskingForPositions() async throws {
        service.cursors = ["video-4": 100]
        await model.load()
        service.catalogueSource = .saved(savedAt: clock.now, unreachable: .unreachable(.offline))
        service.progressResult = .failure(.unauthorized(.notSignedIn))  // would fail if asked
        await model.load()
        #expect(model.state.items.map(\.episode.id) == [4])
        if case .offline = model.state {} else { Issue.record("\(model.state)") }
    }

    @Test func offlineWithNothingRememberedIsTheFailureToReachTheServer() async {
        service.progressResult = .failure(.unreachable(.offline))
        await model.load()
        guard case .failed(_, .api(let error)) = model.state else { Issue.record("\(model.state)"); return }
        #expect(error == .unreachable(.offline))
    }

    @Test func aSessionTheServerRefusesIsAFailureNotAnEmptyList() async {
        service.progressResult = .failure(.unauthorized(.notSignedIn))
        await model.load()
        guard case .failed(_, .api(let error)) = model.state else { Issue.record("\(model.state)"); return }
        #expect(error.kind == .unauthorized)
    }

    /// The history gives only the order: one that cannot be read is said, and the list
    /// follows the catalogue.
    @Test func aHistoryThatCannotBeReadIsSaidAndTheListFollowsTheCatalogue() async throws {
        service.cursors = ["video-4": 100, "video-2": 50]
        let store = InMemoryKeyValueStore()
        let broken = WatchHistoryFixture(store: store).history()
        try await store.setValue("not json", forKey: broken.key)
        let problems = CallRecorder<ContinueWatchingViewModel.Problem>()
        let model = ContinueWatchingViewModel(
            apiService: service, keptPositions: keptPositions, history: broken, problem: { problems.record($0) })
        await model.load()
        #expect(model.state.items.map(\.episode.id) == [4, 2])
        #expect(problems.calls.count == 1, "said once a load: \(problems.calls)")
        guard case .history(.corrupt(let path, _))? = problems.calls.first else {
            Issue.record("\(problems.calls)")
            return
        }
        #expect(path == broken.key)
    }

    /// Kept positions that cannot be read are said, and the server's positions are listed.
    @Test func keptPositionsThatCannotBeReadAreSaidAndTheServersAreListed() async throws {
        service.cursors = ["video-3": 200]
        let store = FailingKeyValueStore(InMemoryKeyValueStore())
        let failure = StoreError.insecurePermissions(
            path: "/home/v/.config/cocoacasts/kept-positions.json", mode: "644")
        store.failReads(with: failure)
        let problems = CallRecorder<ContinueWatchingViewModel.Problem>()
        let model = ContinueWatchingViewModel(
            apiService: service, keptPositions: KeptPositionStoreFixture(store: store).keptPositions(),
            history: history,
            problem: { problems.record($0) })
        await model.load()
        #expect(model.state == .loaded(model.state.items) && model.state.items.map(\.episode.id) == [3])
        #expect(problems.calls == [.keptPositions(failure)])
    }

    /// The latest alone asks only the positions of the videos played here until one is
    /// unfinished; a kept position counts before the server's.
    @Test func theLatestAsksOnlyWhatFindsIt() async throws {
        service.cursors = ["video-4": 100, "video-3": 505, "video-2": 50]
        try await history.recordWatched(videoID: "video-2", at: clock.now)
        try await history.recordWatched(videoID: "video-3", at: clock.now + 1)
        await model.loadTheLatest()
        #expect(model.state.items.map(\.episode.id) == [2], "video-3 is finished: \(model.state)")
        #expect(service.progressRequests == 2, "the two played here, not the four of the catalogue")
        try await keptPositions.keep(
            KeptPosition(progress: VideoProgress(videoID: "video-3", cursor: 30), recordedAt: clock.now))
        await model.loadTheLatest()
        #expect(model.state.items.first?.episode.id == 3 && model.state.items.first?.isKeptHere == true)
    }

    /// With nothing played here unfinished, the latest is the newest episode started, as the
    /// whole list says.
    @Test func withNothingPlayedHereUnfinishedTheLatestIsTheListsFirst() async throws {
        service.cursors = ["video-4": 505, "video-2": 50]
        try await history.recordWatched(videoID: "video-4", at: clock.now)
        await model.loadTheLatest()
        #expect(model.state.items.first?.episode.id == 2, "\(model.state)")
        #expect(service.progressRequests == 1 + 4, "the one played here, then every episode")
    }

    /// A video the server does not know (404) has no position; the others are listed.
    @Test func aVideoTheServerDoesNotKnowIsLeftOut() async {
        service.cursors = ["video-4": 100, "video-3": 100]
        service.progressFailures = ["video-3": APIError(.failedRequest, cause: .status(404, reason: "Not Found"))]
        await model.load()
        #expect(model.state.items.map(\.episode.id) == [4])
        service.progressFailures = ["video-3": APIError(.failedRequest, cause: .status(503, reason: nil))]
        await model.load()
        if case .failed = model.state {} else { Issue.record("a 503 is a failure: \(model.state)") }
    }
}
