import Domain
import PortContracts
import Ports
import Presentation
import Stubs
import TestSupport
import Testing

@MainActor
@Suite("VideoProgressViewModel")
struct VideoProgressViewModelTests {
    /// The three requests, so that a table can run each one.
    enum Request: String, CaseIterable, Sendable {
        case fetch, save, delete
    }

    let spy: SpyAPIService<StubAPIService>
    let gate: SpyGate
    let viewModel: VideoProgressViewModel
    static let videoID = "417515716"

    init() {
        (spy, gate) = Samples.scriptedService()
        viewModel = VideoProgressViewModel(videoID: Self.videoID, apiService: spy)
    }

    /// The text for each error of a progress request; `nil` for a cancellation.
    /// A failed read "could not be fetched", a failed save or delete "could not be synced".
    static func expectedMessage(for error: APIError, _ request: Request) -> String? {
        switch error.kind {
        case .unreachable: "You need to have a network connection."
        case .unauthorized: "You need to be signed in."
        case .unknown, .failedRequest, .invalidResponse:
            request == .fetch ? "The video progress could not be fetched." : "The video progress could not be synced."
        case .cancelled: nil
        }
    }

    func run(_ request: Request) async {
        switch request {
        case .fetch: await viewModel.fetchProgress()
        case .save: await viewModel.saveProgress(cursor: 42)
        case .delete: await viewModel.deleteProgress()
        }
    }

    @Test func startsIdleWithNoProgress() {
        #expect(viewModel.videoID == Self.videoID)
        #expect(viewModel.state == .idle)
        #expect(spy.calls.isEmpty)
    }

    @Test func fetchShowsLoadingThenTheStoredProgress() async throws {
        // Given a stored cursor of 90 seconds, served through a held call
        let stored = VideoProgress(videoID: Self.videoID, cursor: 90)
        spy.progressResult = .success(stored)
        gate.holdNext()
        let states = ObservationRecorder { viewModel.state }

        // When
        let fetch = Task { await viewModel.fetchProgress() }
        try await gate.waitUntilCalled()
        #expect(viewModel.state == .loading(previous: nil))
        gate.releaseAll()
        await fetch.value

        // Then
        #expect(spy.calls == [.progressForVideo(id: Self.videoID)])
        try await states.waitForValues([.idle, .loading(previous: nil), .loaded(stored)])
    }

    @Test func saveKeepsWhatTheServerReturned() async throws {
        spy.updateProgressResult = .success(VideoProgress(videoID: Self.videoID, cursor: 40))
        let states = ObservationRecorder { viewModel.state }

        await viewModel.saveProgress(cursor: 42)

        #expect(spy.calls == [.updateProgressForVideo(id: Self.videoID, cursor: 42)])
        let saved = VideoProgress(videoID: Self.videoID, cursor: 40)
        try await states.waitForValues([.idle, .loading(previous: nil), .loaded(saved)])
    }

    @Test func deleteResetsTheCursorToZero() async throws {
        // Given a saved progress
        spy.updateProgressResult = .success(VideoProgress(videoID: Self.videoID, cursor: 42))
        await viewModel.saveProgress(cursor: 42)

        // When it is deleted
        await viewModel.deleteProgress()

        // Then the progress reads cursor 0 for that video
        #expect(spy.calls.last == .deleteProgressForVideo(id: Self.videoID))
        #expect(viewModel.state == .loaded(VideoProgress(videoID: Self.videoID, cursor: 0)))
    }

    @Test(arguments: Request.allCases, APIError.oneOfEachKind)
    func aFailureShowsTheMessageAndKeepsTheProgress(request: Request, error: APIError) async throws {
        // Given a fetched progress, then every request failing
        let stored = VideoProgress(videoID: Self.videoID, cursor: 7)
        spy.progressResult = .success(stored)
        await viewModel.fetchProgress()
        spy.progressResult = .failure(error)
        spy.updateProgressResult = .failure(error)
        spy.deleteProgressResult = .failure(error)
        let states = ObservationRecorder { viewModel.state }

        // When
        await run(request)

        // Then
        #expect(spy.calls.last?.operation.rawValue.lowercased().contains("progress") == true)
        let shown: VideoProgressViewModel.State =
            Self.expectedMessage(for: error, request).map { .failed(message: $0, .api(error), previous: stored) }
            ?? .loaded(stored)
        try await states.waitForValues([.loaded(stored), .loading(previous: stored), shown])
    }

    @Test(arguments: [false, true])
    func aSaveCancelsAFetchInFlight(serviceIgnoresCancellation: Bool) async throws {
        // Given a fetch held open that would answer cursor 5
        spy.ignoresCancellation = serviceIgnoresCancellation
        spy.progressResult = .success(VideoProgress(videoID: Self.videoID, cursor: 5))
        gate.holdNext()
        let states = ObservationRecorder { viewModel.state }
        let fetch = Task { await viewModel.fetchProgress() }
        try await gate.waitUntilCalled()

        // When a save of cursor 60 completes
        let saved = VideoProgress(videoID: Self.videoID, cursor: 60)
        spy.updateProgressResult = .success(saved)
        await viewModel.saveProgress(cursor: 60)
        gate.releaseAll()
        await fetch.value

        // Then the older fetch never overwrites the saved progress
        #expect(viewModel.state == .loaded(saved))
        try await states.waitForValues([.idle, .loading(previous: nil), .loaded(saved)])
    }

    /// The order of requests is ``LatestRequest``'s (see its tests): here, that a cancel shows idle.
    @Test func cancelStopsLoadingAndWritesNothing() async throws {
        gate.holdNext()
        let states = ObservationRecorder { viewModel.state }
        let delete = Task { await viewModel.deleteProgress() }
        try await gate.waitUntilCalled()

        viewModel.cancel()
        #expect(viewModel.state == .idle)
        gate.releaseAll()
        await delete.value

        #expect(viewModel.state == .idle)
        try await states.waitForValues([.idle, .loading(previous: nil), .idle])
    }
}
