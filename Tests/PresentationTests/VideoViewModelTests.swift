import Domain
import Presentation
import TestSupport
import Testing

@MainActor
@Suite("VideoViewModel")
struct VideoViewModelTests {
    let spy = SpyAPIService()
    let viewModel: VideoViewModel

    init() {
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
        #expect(viewModel.video == nil && viewModel.formattedDuration == nil)
        #expect(!viewModel.isFetching && viewModel.errorMessage == nil)
        #expect(spy.calls.isEmpty)
    }

    @Test func showsLoadingWhileTheRequestIsOpenThenTheVideo() async throws {
        // Given a service that holds the request open
        let video = try Samples.video()
        spy.videoResult = .success(video)
        spy.holdNextCall()
        let fetching = ObservationRecorder { viewModel.isFetching }
        let kinds = ObservationRecorder { viewModel.state.kind }

        // When the fetch starts
        let fetch = Task { await viewModel.fetchVideo() }
        try await spy.waitUntilCalled()

        // Then the screen shows it is loading
        #expect(viewModel.state == .loading)

        // When the service answers
        spy.release()
        await fetch.value

        // Then the video shows with its formatted length
        #expect(spy.calls == [.video(id: "417515716")])
        #expect(viewModel.video == video)
        #expect(viewModel.formattedDuration == "4:39")
        #expect(viewModel.state == .loaded(video))
        try await fetching.waitForValues([false, true, false])
        try await kinds.waitForValues([.idle, .loading, .loaded])
    }

    @Test(arguments: APIError.oneOfEachKind)
    func aFailureShowsTheSeriesMessage(error: APIError) async throws {
        spy.videoResult = .failure(error)
        let fetching = ObservationRecorder { viewModel.isFetching }

        await viewModel.fetchVideo()

        #expect(viewModel.errorMessage == Self.expectedMessage(for: error))
        if let message = Self.expectedMessage(for: error) {
            #expect(viewModel.state == .failed(message: message))
        } else {
            #expect(viewModel.state == .idle)
        }
        #expect(viewModel.video == nil)
        try await fetching.waitForValues([false, true, false])
    }

    @Test func aNewFetchClearsTheError() async throws {
        spy.videoResult = .failure(.unauthorized)
        await viewModel.fetchVideo()
        #expect(viewModel.state.kind == .failed)

        spy.videoResult = .success(Samples.video(duration: 60))
        spy.holdNextCall()
        let fetch = Task { await viewModel.fetchVideo() }
        try await spy.waitUntilCalled(times: 2)
        #expect(viewModel.errorMessage == nil)
        spy.release()
        await fetch.value

        #expect(viewModel.state == .loaded(Samples.video(duration: 60)))
        #expect(viewModel.formattedDuration == "1:00")
    }

    @Test(arguments: [false, true])
    func aSecondFetchCancelsTheFirst(serviceIgnoresCancellation: Bool) async throws {
        // Given a first fetch held open that would answer a 10-second video
        spy.ignoresCancellation = serviceIgnoresCancellation
        spy.videoResult = .success(Samples.video(duration: 10))
        spy.holdNextCall()
        let fetching = ObservationRecorder { viewModel.isFetching }
        let first = Task { await viewModel.fetchVideo() }
        try await spy.waitUntilCalled()

        // When a second fetch answers a 20-second video
        spy.videoResult = .success(Samples.video(duration: 20))
        await viewModel.fetchVideo()
        spy.release()
        await first.value

        // Then only the second shows
        #expect(viewModel.state == .loaded(Samples.video(duration: 20)))
        #expect(viewModel.errorMessage == nil)
        try await fetching.waitForValues([false, true, false])
    }

    @Test(arguments: [false, true])
    func cancelStopsLoadingAndWritesNothing(serviceIgnoresCancellation: Bool) async throws {
        spy.ignoresCancellation = serviceIgnoresCancellation
        spy.holdNextCall()
        let fetching = ObservationRecorder { viewModel.isFetching }
        let fetch = Task { await viewModel.fetchVideo() }
        try await spy.waitUntilCalled()

        viewModel.cancel()
        #expect(!viewModel.isFetching)
        spy.release()
        await fetch.value

        #expect(viewModel.state == .idle)
        #expect(viewModel.video == nil && viewModel.errorMessage == nil)
        try await fetching.waitForValues([false, true, false])
    }
}
