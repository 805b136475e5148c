import Domain
import PortContracts
import Presentation
import Stubs
import TestSupport
import Testing

@MainActor
@Suite("EpisodesViewModel")
struct EpisodesViewModelTests {
    let spy: SpyAPIService<StubAPIService>
    let gate: SpyGate

    init() {
        (spy, gate) = Samples.scriptedService()
    }

    /// The series' text for each error on the episodes screen; `nil` for a cancellation.
    static func expectedMessage(for error: APIError) -> String? {
        switch error.kind {
        case .unreachable: "You need to have a network connection."
        case .unauthorized: "You need to be signed in."
        case .unknown, .failedRequest, .invalidResponse: "The list of episodes could not be fetched."
        case .cancelled: nil
        }
    }

    @Test func startsIdleAndFetchesNothing() {
        let viewModel = EpisodesViewModel(apiService: spy)

        #expect(viewModel.state == .idle)
        #expect(spy.calls.isEmpty)
    }

    @Test func showsLoadingWhileTheRequestIsOpenThenTheEpisodes() async throws {
        // Given a service that holds the request open
        let episodes = try Samples.episodes()
        spy.episodesResult = .success(episodes)
        gate.holdNext()
        let viewModel = EpisodesViewModel(apiService: spy)
        let states = ObservationRecorder { viewModel.state }

        // When the fetch starts
        let fetch = Task { await viewModel.fetchEpisodes() }
        try await gate.waitUntilCalled()

        // Then the screen shows it is loading
        #expect(viewModel.state == .loading(previous: nil))
        try await states.waitForValues([.idle, .loading(previous: nil)])

        // When the service answers
        gate.releaseAll()
        await fetch.value

        // Then the rows show
        let rows = episodes.map(EpisodeViewModel.init(episode:))
        try await states.waitForValues([.idle, .loading(previous: nil), .loaded(rows)])
        #expect(spy.calls == [.episodes])
    }

    @Test func anEmptyListIsEmptyNotIdle() async {
        spy.episodesResult = .success([])
        let viewModel = EpisodesViewModel(apiService: spy)

        await viewModel.fetchEpisodes()

        #expect(viewModel.state == .empty)
    }

    /// The failure is kept as a value, with its API error, so callers can act on its kind.
    @Test(arguments: APIError.oneOfEachKind)
    func aFailureShowsTheSeriesMessageAndKeepsTheError(error: APIError) async throws {
        // Given
        spy.episodesResult = .failure(error)
        let viewModel = EpisodesViewModel(apiService: spy)
        let states = ObservationRecorder { viewModel.state }

        // When
        await viewModel.fetchEpisodes()

        // Then: the exact message, and a cancellation is no failure
        let shown: EpisodesViewModel.State =
            Self.expectedMessage(for: error).map { .failed(message: $0, .api(error), previous: nil) } ?? .idle
        try await states.waitForValues([.idle, .loading(previous: nil), shown])
    }

    @Test func aNewFetchClearsTheErrorAndAFailureKeepsTheRows() async throws {
        // Given a successful fetch, then a failed one
        let rows = [EpisodeViewModel(episode: Samples.episode(id: 1))]
        spy.episodesResult = .success(rows.map(\.episode))
        let viewModel = EpisodesViewModel(apiService: spy)
        await viewModel.fetchEpisodes()
        spy.episodesResult = .failure(.unreachable)
        await viewModel.fetchEpisodes()
        #expect(
            viewModel.state
                == .failed(message: "You need to have a network connection.", .api(.unreachable), previous: rows))

        // When a third fetch starts
        spy.episodesResult = .success([])
        gate.holdNext()
        let fetch = Task { await viewModel.fetchEpisodes() }
        try await gate.waitUntilCalled(times: 3)

        // Then the error is gone while it runs, and after it succeeded
        #expect(viewModel.state == .loading(previous: rows))
        gate.releaseAll()
        await fetch.value
        #expect(viewModel.state == .empty)
    }

    @Test(
        arguments: [false, true],
        [Result<[Episode], APIError>.success([Samples.episode(id: 1)]), .failure(.unreachable)])
    func aSecondFetchCancelsTheFirst(serviceIgnoresCancellation: Bool, firstAnswer: Result<[Episode], APIError>)
        async throws
    {
        // Given a first fetch held open, whose answer differs from the second's
        spy.ignoresCancellation = serviceIgnoresCancellation
        spy.episodesResult = firstAnswer
        gate.holdNext()
        let viewModel = EpisodesViewModel(apiService: spy)
        let states = ObservationRecorder { viewModel.state }
        let first = Task { await viewModel.fetchEpisodes() }
        try await gate.waitUntilCalled()

        // When a second fetch runs to completion
        let second = [Samples.episode(id: 2), Samples.episode(id: 3)]
        spy.episodesResult = .success(second)
        await viewModel.fetchEpisodes()

        // Then the first's answer, whenever it comes, never shows
        gate.releaseAll()
        await first.value
        let rows = second.map(EpisodeViewModel.init(episode:))
        #expect(viewModel.state == .loaded(rows))
        try await states.waitForValues([.idle, .loading(previous: nil), .loaded(rows)])
        #expect(spy.calls == [.episodes, .episodes])
    }

    @Test func aSupersededFetchEndingDoesNotEndTheNewestsLoading() async throws {
        // Given two fetches held open, the second cancelling the first
        gate.holdNext(2)
        let viewModel = EpisodesViewModel(apiService: spy)
        let first = Task { await viewModel.fetchEpisodes() }
        try await gate.waitUntilCalled()
        spy.episodesResult = .success([Samples.episode(id: 2)])
        let second = Task { await viewModel.fetchEpisodes() }
        try await gate.waitUntilCalled(times: 2)

        // When the first has ended (cancelled)
        await first.value

        // Then the second is still loading
        #expect(viewModel.state == .loading(previous: nil))
        gate.releaseAll()
        await second.value
        #expect(viewModel.state == .loaded([EpisodeViewModel(episode: Samples.episode(id: 2))]))
    }

    /// The order of requests is ``LatestRequest``'s (see its tests): here, that a cancel shows idle.
    @Test func cancelStopsLoadingAndWritesNothing() async throws {
        // Given a fetch held open
        spy.episodesResult = .success([Samples.episode(id: 1)])
        gate.holdNext()
        let viewModel = EpisodesViewModel(apiService: spy)
        let states = ObservationRecorder { viewModel.state }
        let fetch = Task { await viewModel.fetchEpisodes() }
        try await gate.waitUntilCalled()

        // When the screen cancels it
        viewModel.cancel()

        // Then loading stops at once, and the late answer writes nothing
        #expect(viewModel.state == .idle)
        gate.releaseAll()
        await fetch.value
        #expect(viewModel.state == .idle)
        try await states.waitForValues([.idle, .loading(previous: nil), .idle])
    }

    @Test func cancelShowsTheRowsFetchedBeforeAgainAndLeavesAFailureAlone() async throws {
        // Given fetched rows and a second fetch held open
        let rows = [EpisodeViewModel(episode: Samples.episode(id: 1))]
        spy.episodesResult = .success(rows.map(\.episode))
        let viewModel = EpisodesViewModel(apiService: spy)
        await viewModel.fetchEpisodes()
        gate.holdNext()
        let fetch = Task { await viewModel.fetchEpisodes() }
        try await gate.waitUntilCalled(times: 2)

        // When the screen cancels it, the rows show again
        viewModel.cancel()
        #expect(viewModel.state == .loaded(rows))
        gate.releaseAll()
        await fetch.value
        #expect(viewModel.state == .loaded(rows))

        // And with nothing in flight, a failure stays
        spy.episodesResult = .failure(.unauthorized)
        await viewModel.fetchEpisodes()
        viewModel.cancel()
        #expect(viewModel.state == .failed(message: "You need to be signed in.", .api(.unauthorized), previous: rows))
    }

    @Test(arguments: [false, true])
    func cancellingTheCallersTaskShowsNoError(serviceIgnoresCancellation: Bool) async throws {
        // Given a fetch held open
        spy.ignoresCancellation = serviceIgnoresCancellation
        spy.episodesResult = .success([Samples.episode(id: 1)])
        gate.holdNext()
        let viewModel = EpisodesViewModel(apiService: spy)
        let fetch = Task { await viewModel.fetchEpisodes() }
        try await gate.waitUntilCalled()

        // When the task that awaits it is cancelled (the view went away)
        fetch.cancel()
        gate.releaseAll()
        await fetch.value

        // Then nothing shows: no episodes, no error, not loading
        #expect(viewModel.state == .idle)
    }
}
