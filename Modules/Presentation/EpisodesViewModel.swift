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
    /// Everything the episodes screen can show. `previous` is the list fetched before (`[]`
    /// when it was empty, `nil` when none was): kept while a fetch runs and after one failed,
    /// and shown again when a fetch is cancelled.
    public enum State: Equatable, Sendable {
        /// Nothing fetched yet.
        case idle
        /// A fetch is running.
        case loading(previous: [EpisodeRowViewModel]?)
        /// The fetched episodes, at least one.
        case loaded([EpisodeRowViewModel])
        /// The fetch succeeded with no episodes.
        case empty
        /// The last fetch failed, with the message for the user.
        case failed(message: String, Failure, previous: [EpisodeRowViewModel]?)
    }

    /// What the screen shows.
    public private(set) var state = State.idle

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let request = LatestRequest()

    /// Nothing is fetched until ``fetchEpisodes()``.
    public init(apiService: any APIService) {
        self.apiService = apiService
    }

    /// Fetches the episodes, cancelling a fetch in flight, and returns when done.
    public func fetchEpisodes() async {
        await request.load(\.state, of: self, context: .episodes) { [apiService] () async throws(APIError) in
            try await apiService.episodes().map(EpisodeRowViewModel.init(episode:))
        }
    }

    /// Cancels the fetch in flight: it writes nothing, and no error is shown.
    public func cancel() {
        request.cancel(\.state, of: self)
    }
}

extension EpisodesViewModel.State: LoadingState {
    init(showing rows: [EpisodeRowViewModel]?) {
        self = rows.map { $0.isEmpty ? .empty : .loaded($0) } ?? .idle
    }

    var value: [EpisodeRowViewModel]? {
        switch self {
        case .idle: nil
        case .empty: []
        case .loaded(let rows): rows
        case .loading(let previous), .failed(_, _, let previous): previous
        }
    }
}
