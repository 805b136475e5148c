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
    /// What the screen shows.
    public private(set) var state = State.idle

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let request = LatestRequest()

    /// Nothing is fetched until ``fetchVideo()``.
    public init(videoID: String, apiService: any APIService) {
        self.videoID = videoID
        self.apiService = apiService
    }

    /// Fetches the video, cancelling a fetch in flight, and returns when done.
    public func fetchVideo() async {
        await request.load(
            \.state, of: self, context: .video,
            { [apiService, videoID] () async throws(APIError) in try await apiService.video(id: videoID) },
            showing: LoadState.loaded)
    }

    /// Cancels the fetch in flight: it writes nothing, and no error is shown.
    public func cancel() {
        request.cancel(\.state, of: self)
    }
}
