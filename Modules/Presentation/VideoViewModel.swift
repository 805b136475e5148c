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
    /// Everything the video screen can show, derived from the view-model's properties.
    public enum State: Equatable, Sendable {
        /// Nothing fetched yet.
        case idle
        /// A fetch is running.
        case loading
        /// The fetched video.
        case loaded(Video)
        /// The last fetch failed with a message for the user.
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

    /// The identifier of the video to fetch.
    public let videoID: String
    /// Whether a fetch is running.
    public private(set) var isFetching = false
    /// The fetched video; kept when a later fetch fails or is cancelled.
    public private(set) var video: Video?
    /// Why the last operation failed; `nil` when it did not, or was only cancelled.
    public private(set) var failure: Failure?

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let request = LatestRequest()

    /// Creates the view-model of video `videoID`; nothing is fetched until ``fetchVideo()``.
    public init(videoID: String, apiService: any APIService) {
        self.videoID = videoID
        self.apiService = apiService
    }

    /// The fetched video's length, formatted (`8:33`), or `nil` before one is fetched.
    public var formattedDuration: String? {
        video.map { VideoDuration.format(seconds: $0.duration) }
    }

    /// Why the last fetch failed, for the user; `nil` when it did not (or was cancelled).
    public var errorMessage: String? {
        failure?.message(for: .video)
    }

    /// What the screen shows now.
    public var state: State {
        if isFetching { return .loading }
        if let errorMessage { return .failed(message: errorMessage) }
        return video.map(State.loaded) ?? .idle
    }

    /// Fetches the video, cancelling a fetch in flight, and returns when done.
    public func fetchVideo() async {
        isFetching = true
        failure = nil
        let outcome = await request.run { [apiService, videoID] () async throws(APIError) -> Video in
            try await apiService.video(id: videoID)
        }
        guard let outcome else { return }
        isFetching = false
        switch outcome {
        case .success(let fetched):
            video = fetched
        case .failure(let error):
            failure = Failure(error)
        }
    }

    /// Cancels the fetch in flight: it writes nothing, and no error is shown.
    public func cancel() {
        request.cancel()
        isFetching = false
    }
}
