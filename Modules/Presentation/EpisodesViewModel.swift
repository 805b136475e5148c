import Domain
import Observation
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
        case loading(previous: [EpisodeViewModel]?)
        /// The fetched episodes, at least one.
        case loaded([EpisodeViewModel])
        /// The fetch succeeded with no episodes.
        case empty
        /// A list saved at `savedAt`, shown because the server could not be reached (or only
        /// saved lists were asked for), with the message that says so:
        /// "Offline: showing the list saved 2 hours ago."
        case offline([EpisodeViewModel], savedAt: Date, message: String)
        /// The last fetch failed, with the message for the user.
        case failed(message: String, ScreenFailure, previous: [EpisodeViewModel]?)
    }

    /// What the screen shows.
    public private(set) var state = State.idle

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let policy: CachePolicy
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let request = LatestRequest()

    /// Nothing is fetched until ``fetchEpisodes()``.
    ///
    /// - Parameters:
    ///   - policy: how fetches may use saved lists (see ``/Ports/CachePolicy``).
    ///   - now: the clock the age of a saved list is told with.
    public init(
        apiService: any APIService, policy: CachePolicy = .normal, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.apiService = apiService
        self.policy = policy
        self.now = now
    }

    /// Fetches the episodes, cancelling a fetch in flight, and returns when done.
    public func fetchEpisodes() async {
        await request.load(
            \.state, of: self, context: .episodes,
            { [apiService, policy] () async throws(APIError) in try await apiService.catalogue(policy: policy) },
            showing: { [now] catalogue in State(catalogue, now: now()) })
    }

    /// Cancels the fetch in flight: it writes nothing, and no error is shown.
    public func cancel() {
        request.cancel(\.state, of: self)
    }
}

extension EpisodesViewModel.State {
    /// The state that shows `catalogue`: ``offline(_:savedAt:message:)`` for a saved list
    /// shown in place of the server's, aged at `now`.
    init(_ catalogue: Catalogue, now: Date) {
        let rows = catalogue.episodes.map(EpisodeViewModel.init(episode:))
        switch catalogue.source {
        case .network, .fresh: self.init(showing: rows)
        case .saved(let savedAt, _):
            self = .offline(
                rows, savedAt: savedAt,
                message: "Offline: showing the list saved \(RelativeAge.phrase(from: savedAt, to: now)).")
        }
    }
}

extension EpisodesViewModel.State: LatestRequestState {
    init(showing rows: [EpisodeViewModel]?) {
        self = rows.map { $0.isEmpty ? .empty : .loaded($0) } ?? .idle
    }

    var value: [EpisodeViewModel]? {
        switch self {
        case .idle: nil
        case .empty: []
        case .loaded(let rows), .offline(let rows, _, _): rows
        case .loading(let previous), .failed(_, _, let previous): previous
        }
    }
}
