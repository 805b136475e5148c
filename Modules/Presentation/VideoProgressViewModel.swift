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
    /// Everything the progress can show; after a delete, the progress reads cursor 0.
    public typealias State = LoadState<VideoProgress>

    /// The identifier of the video whose progress this is.
    public let videoID: String

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let loader = Loader<VideoProgress>()

    /// Creates the view-model of video `videoID`; nothing is requested until asked.
    public init(videoID: String, apiService: any APIService) {
        self.videoID = videoID
        self.apiService = apiService
    }

    /// The progress; kept when a later request fails or is cancelled.
    public var progress: VideoProgress? { loader.value }
    /// Whether a request (fetch, save or delete) is running.
    public var isFetching: Bool { loader.isLoading }
    /// Why the last operation failed; `nil` when it did not, or was only cancelled.
    public var failure: Failure? { loader.failure }

    /// Why the last request failed, for the user; `nil` when it did not (or was cancelled).
    public var errorMessage: String? {
        failure?.message(for: .progress)
    }

    /// What the progress shows now.
    public var state: State { loader.state(context: .progress) }

    /// Fetches the stored progress, cancelling a request in flight; returns when done.
    public func fetchProgress() async {
        await loader.load { [apiService, videoID] () async throws(APIError) -> VideoProgress in
            try await apiService.progressForVideo(id: videoID)
        }
    }

    /// Saves `cursor` (seconds) as the progress and keeps what the server returns.
    public func saveProgress(cursor: Int) async {
        await loader.load { [apiService, videoID] () async throws(APIError) -> VideoProgress in
            try await apiService.updateProgressForVideo(id: videoID, cursor: cursor)
        }
    }

    /// Deletes the stored progress; the progress then reads cursor 0.
    public func deleteProgress() async {
        await loader.load { [apiService, videoID] () async throws(APIError) -> VideoProgress in
            try await apiService.deleteProgressForVideo(id: videoID)
            return VideoProgress(videoID: videoID, cursor: 0)
        }
    }

    /// Cancels the request in flight: it writes nothing, and no error is shown.
    public func cancel() {
        loader.cancel()
    }
}
