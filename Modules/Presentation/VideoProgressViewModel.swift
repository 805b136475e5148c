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
    /// What the screen shows.
    public private(set) var state = State.idle

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let request = LatestRequest()

    /// Nothing is requested until asked.
    public init(videoID: String, apiService: any APIService) {
        self.videoID = videoID
        self.apiService = apiService
    }

    /// Fetches the stored progress, cancelling a request in flight; returns when done.
    public func fetchProgress() async {
        await load(context: .progress) { [apiService, videoID] () async throws(APIError) in
            try await apiService.progressForVideo(id: videoID)
        }
    }

    /// Saves `cursor` (seconds) as the progress and keeps what the server returns.
    public func saveProgress(cursor: Int) async {
        await load(context: .progressUpdate) { [apiService, videoID] () async throws(APIError) in
            try await apiService.updateProgressForVideo(id: videoID, cursor: cursor)
        }
    }

    /// Deletes the stored progress; the progress then reads cursor 0.
    public func deleteProgress() async {
        await load(context: .progressUpdate) { [apiService, videoID] () async throws(APIError) in
            try await apiService.deleteProgressForVideo(id: videoID)
            return VideoProgress(videoID: videoID, cursor: 0)
        }
    }

    /// Cancels the request in flight: it writes nothing, and no error is shown.
    public func cancel() {
        request.cancel(\.state, of: self)
    }

    /// Runs `operation` in the slot; its failure reads as on the screen of `context`.
    private func load(
        context: APIErrorMapper.Context, _ operation: @escaping @Sendable () async throws(APIError) -> VideoProgress
    ) async {
        await request.load(\.state, of: self, context: context, operation)
    }
}
