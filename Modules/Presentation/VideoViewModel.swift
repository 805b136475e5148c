import Domain
import Observation
import Ports

/// The video player screen: fetches an episode's protected video.
///
/// A new fetch cancels the one in flight; only the newest fetch writes its result, and a
/// cancelled fetch never shows an error.
@MainActor
@Observable
public final class VideoViewModel {
    /// Everything the video screen can show.
    public typealias State = LoadState<Video>

    /// The identifier of the video to fetch.
    public let videoID: String

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let loader = Loader<Video>()

    /// Creates the view-model of video `videoID`; nothing is fetched until ``fetchVideo()``.
    public init(videoID: String, apiService: any APIService) {
        self.videoID = videoID
        self.apiService = apiService
    }

    /// Whether a fetch is running.
    public var isFetching: Bool { loader.isLoading }
    /// The fetched video; kept when a later fetch fails or is cancelled.
    public var video: Video? { loader.value }
    /// Why the last operation failed; `nil` when it did not, or was only cancelled.
    public var failure: Failure? { loader.failure }

    /// The fetched video's length, formatted (`8:33`), or `nil` before one is fetched.
    public var formattedDuration: String? {
        video.map { VideoDuration.format(seconds: $0.duration) }
    }

    /// Why the last fetch failed, for the user; `nil` when it did not (or was cancelled).
    public var errorMessage: String? {
        failure?.message(for: .video)
    }

    /// What the screen shows now.
    public var state: State { loader.state(context: .video) }

    /// Fetches the video, cancelling a fetch in flight, and returns when done.
    public func fetchVideo() async {
        await loader.load { [apiService, videoID] () async throws(APIError) -> Video in
            try await apiService.video(id: videoID)
        }
    }

    /// Cancels the fetch in flight: it writes nothing, and no error is shown.
    public func cancel() {
        loader.cancel()
    }
}
