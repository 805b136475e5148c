import Domain
import Observation
import Ports

/// How far the user has watched a video: fetches, saves and deletes the progress.
///
/// The three requests share one slot: any new request cancels the one in flight, so an
/// older answer can never overwrite a newer one. Only the newest request writes its
/// result, and a cancelled request never shows an error.
@MainActor
@Observable
public final class VideoProgressViewModel {
    /// Everything the progress can show, derived from the view-model's properties.
    public enum State: Equatable, Sendable {
        /// Nothing fetched or saved yet.
        case idle
        /// A request is running.
        case loading
        /// The progress the server last returned (or cursor 0 after a delete).
        case loaded(VideoProgress)
        /// The last request failed with a message for the user.
        case failed(message: String)

        /// The cases without their payloads, so that a gallery can check it shows every one.
        public enum Kind: String, CaseIterable, Sendable {
            /// ``State/idle``.
            case idle
            /// ``State/loading``.
            case loading
            /// ``State/loaded(_:)``.
            case loaded
            /// ``State/failed(message:)``.
            case failed
        }

        /// The state's case without its payload.
        public var kind: Kind {
            switch self {
            case .idle: .idle
            case .loading: .loading
            case .loaded: .loaded
            case .failed: .failed
            }
        }
    }

    /// The identifier of the video whose progress this is.
    public let videoID: String
    /// The progress; kept when a later request fails or is cancelled.
    public private(set) var progress: VideoProgress?
    /// Whether a request (fetch, save or delete) is running.
    public private(set) var isFetching = false
    /// Why the last operation failed; `nil` when it did not, or was only cancelled.
    public private(set) var failure: Failure?

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let request = LatestRequest()

    /// Creates the view-model of video `videoID`; nothing is requested until asked.
    public init(videoID: String, apiService: any APIService) {
        self.videoID = videoID
        self.apiService = apiService
    }

    /// Why the last request failed, for the user; `nil` when it did not (or was cancelled).
    public var errorMessage: String? {
        failure?.message(for: .progress)
    }

    /// What the progress shows now.
    public var state: State {
        if isFetching { return .loading }
        if let errorMessage { return .failed(message: errorMessage) }
        return progress.map(State.loaded) ?? .idle
    }

    /// Fetches the stored progress, cancelling a request in flight; returns when done.
    public func fetchProgress() async {
        await perform { [apiService, videoID] () async throws(APIError) -> VideoProgress in
            try await apiService.progressForVideo(id: videoID)
        }
    }

    /// Saves `cursor` (seconds) as the progress and keeps what the server returns.
    public func saveProgress(cursor: Int) async {
        await perform { [apiService, videoID] () async throws(APIError) -> VideoProgress in
            try await apiService.updateProgressForVideo(id: videoID, cursor: cursor)
        }
    }

    /// Deletes the stored progress; the progress then reads cursor 0.
    public func deleteProgress() async {
        await perform { [apiService, videoID] () async throws(APIError) -> VideoProgress in
            try await apiService.deleteProgressForVideo(id: videoID)
            return VideoProgress(videoID: videoID, cursor: 0)
        }
    }

    /// Cancels the request in flight: it writes nothing, and no error is shown.
    public func cancel() {
        request.cancel()
        isFetching = false
    }

    private func perform(_ operation: @escaping @Sendable () async throws(APIError) -> VideoProgress) async {
        isFetching = true
        failure = nil
        guard let outcome = await request.run(operation) else { return }
        isFetching = false
        switch outcome {
        case .success(let returned):
            progress = returned
        case .failure(let error):
            failure = Failure(error)
        }
    }
}
