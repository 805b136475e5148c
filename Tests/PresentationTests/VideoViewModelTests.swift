import Domain
import PortContracts
import Presentation
import Stubs
import TestSupport
import Testing

@MainActor
@Suite("VideoViewModel")
struct VideoViewModelTests {
    let spy: SpyAPIService<StubAPIService>
    let gate: SpyGate
    let viewModel: VideoViewModel

    init() {
        (spy, gate) = Samples.scriptedService()
        viewModel = VideoViewModel(videoID: "417515716", apiService: spy)
    }

    /// The series' text for each error on the video screen; `nil` for a cancellation.
    static func expectedMessage(for error: APIError) -> String? {
        switch error.kind {
        case .unreachable: "You need to have a network connection."
        case .unauthorized: "You need to be signed in to watch this episode."
        case .unknown, .failedRequest, .invalidResponse: "The video could not be fetched."
        case .cancelled: nil
        }
    }

    @Test func startsIdleWithNoVideo() {
        #expect(viewModel.videoID == "417515716")
        #expect(viewModel.state == .idle)
        #expect(spy.calls.isEmpty)
    }

    @Test func showsLoadingWhileTheRequestIsOpenThenTheVideo() async throws {
        // Given a service that holds the request open
        let video = try Samples.video()
        spy.videoResult = .success(video)
        gate.holdNext()
        let states = ObservationRecorder { viewModel.state }

        // When the fetch starts
        let fetch = Task { await viewModel.fetchVideo() }
        try await gate.waitUntilCalled()

        // Then the screen shows it is loading
        #expect(viewModel.state == .loading(previous: nil))

        // When the service answers
        gate.releaseAll()
        await fetch.value

        // Then the video shows
        #expect(spy.calls == [.video(id: "417515716")])
        try await states.waitForValues([.idle, .loading(previous: nil), .loaded(video)])
    }

    @Test(arguments: APIError.oneOfEachKind)
    func aFailureShowsTheSeriesMessage(error: APIError) async throws {
        spy.videoResult = .failure(error)
        let states = ObservationRecorder { viewModel.state }

        await viewModel.fetchVideo()

        let shown: VideoViewModel.State =
            Self.expectedMessage(for: error).map { .failed(message: $0, .api(error), previous: nil) } ?? .idle
        try await states.waitForValues([.idle, .loading(previous: nil), shown])
    }

    @Test func aNewFetchClearsTheError() async throws {
        spy.videoResult = .failure(.unauthorized)
        await viewModel.fetchVideo()
        #expect(
            viewModel.state
                == .failed(message: Self.expectedMessage(for: .unauthorized)!, .api(.unauthorized), previous: nil))

        spy.videoResult = .success(Samples.video(duration: 60))
        gate.holdNext()
        let fetch = Task { await viewModel.fetchVideo() }
        try await gate.waitUntilCalled(times: 2)
        #expect(viewModel.state == .loading(previous: nil))
        gate.releaseAll()
        await fetch.value

        #expect(viewModel.state == .loaded(Samples.video(duration: 60)))
    }

    @Test(arguments: [false, true])
    func aSecondFetchCancelsTheFirst(serviceIgnoresCancellation: Bool) async throws {
        // Given a first fetch held open that would answer a 10-second video
        spy.ignoresCancellation = serviceIgnoresCancellation
        spy.videoResult = .success(Samples.video(duration: 10))
        gate.holdNext()
        let states = ObservationRecorder { viewModel.state }
        let first = Task { await viewModel.fetchVideo() }
        try await gate.waitUntilCalled()

        // When a second fetch answers a 20-second video
        spy.videoResult = .success(Samples.video(duration: 20))
        await viewModel.fetchVideo()
        gate.releaseAll()
        await first.value

        // Then only the second shows
        #expect(viewModel.state == .loaded(Samples.video(duration: 20)))
        try await states.waitForValues([.idle, .loading(previous: nil), .loaded(Samples.video(duration: 20))])
    }

    /// The order of requests is ``LatestRequest``'s (see its tests): here, that a cancel shows idle.
    @Test func cancelStopsLoadingAndWritesNothing() async throws {
        gate.holdNext()
        let states = ObservationRecorder { viewModel.state }
        let fetch = Task { await viewModel.fetchVideo() }
        try await gate.waitUntilCalled()

        viewModel.cancel()
        #expect(viewModel.state == .idle)
        gate.releaseAll()
        await fetch.value

        #expect(viewModel.state == .idle)
        try await states.waitForValues([.idle, .loading(previous: nil), .idle])
    }
}
