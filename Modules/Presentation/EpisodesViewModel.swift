import Domain
import Observation
import Ports

/// The episodes list: fetches the episodes and tells the screen what to show.
///
/// A new fetch cancels the one in flight; only the newest fetch writes its result, and a
/// cancelled fetch never shows an error.
@MainActor
@Observable
public final class EpisodesViewModel {
    /// Everything the episodes screen can show, derived from the view-model's properties.
    public enum State: Equatable, Sendable {
        /// Nothing fetched yet.
        case idle
        /// A fetch is running.
        case loading
        /// The fetched episodes, at least one.
        case loaded([EpisodeRowViewModel])
        /// The fetch succeeded with no episodes.
        case empty
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
            /// ``State/empty``.
            case empty
            /// ``State/failed(message:)``.
            case failed
        }

        /// The state's case without its payload.
        public var kind: Kind {
            switch self {
            case .idle: .idle
            case .loading: .loading
            case .loaded: .loaded
            case .empty: .empty
            case .failed: .failed
            }
        }
    }

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let loader = Loader<[Episode]>()

    /// Creates the view-model; nothing is fetched until ``fetchEpisodes()``.
    public init(apiService: any APIService) {
        self.apiService = apiService
    }

    /// The rows of the fetched episodes; kept when a later fetch fails or is cancelled.
    public var episodes: [EpisodeRowViewModel] {
        loader.value?.map(EpisodeRowViewModel.init(episode:)) ?? []
    }
    /// Whether a fetch is running.
    public var isFetching: Bool { loader.isLoading }
    /// Why the last operation failed; `nil` when it did not, or was only cancelled.
    public var failure: Failure? { loader.failure }

    /// Why the last fetch failed, for the user; `nil` when it did not (or was cancelled).
    public var errorMessage: String? {
        failure?.message(for: .episodes)
    }

    /// What the screen shows now: a fetch that returned no episodes is ``State/empty``.
    public var state: State {
        switch loader.state(context: .episodes) {
        case .idle: .idle
        case .loading: .loading
        case .failed(let message): .failed(message: message)
        case .loaded(let fetched) where fetched.isEmpty: .empty
        case .loaded(let fetched): .loaded(fetched.map(EpisodeRowViewModel.init(episode:)))
        }
    }

    /// Fetches the episodes, cancelling a fetch in flight, and returns when done.
    public func fetchEpisodes() async {
        await loader.load { [apiService] () async throws(APIError) -> [Episode] in
            try await apiService.episodes()
        }
    }

    /// Cancels the fetch in flight: it writes nothing, and no error is shown.
    public func cancel() {
        loader.cancel()
    }
}
