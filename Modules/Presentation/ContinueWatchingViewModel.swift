import Domain
import Observation
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Continue watching: the episodes started and not finished, the most recently watched on
/// this machine first, each with where the viewer is and what is left.
///
/// The positions are the server's (the viewer's other devices count), asked for every
/// episode of the catalogue a few at a time, with the positions kept on this machine and not
/// yet sent laid over them (they are newer). The order comes from the ``/Ports/WatchHistory``;
/// episodes started elsewhere follow, newest episode first. When the server cannot be
/// reached, the answer is the positions it last gave, said with their age. A history or
/// kept positions that cannot be read do not stop the list (see ``Problem``).
@MainActor
@Observable
public final class ContinueWatchingViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case loading
        /// What the server says now (empty when nothing is started).
        case loaded([ContinueWatchingItem])
        /// What it said when last asked, because it cannot be reached now.
        case offline([ContinueWatchingItem], checkedAt: Date, message: String)
        case failed(message: String, ScreenFailure)

        /// The episodes listed, whether live or remembered.
        public var items: [ContinueWatchingItem] {
            switch self {
            case .loaded(let items), .offline(let items, _, _): items
            case .idle, .loading, .failed: []
            }
        }
    }

    /// A store that could not be used, which the list goes on without.
    public enum Problem: Equatable, Sendable {
        /// The watch history: the list follows the catalogue's order, and an offline answer
        /// has no positions the server gave.
        case history(StoreError)
        /// The positions kept on this machine: the server's are shown, though those kept may be newer.
        case keptPositions(StoreError)
    }

    /// How many positions are asked for at once: as many requests as an HTTP client keeps in
    /// flight to one server (URLSession's connections per host, and this layer's client), so
    /// that a slow server's latency is shared and none waits in a queue.
    public nonisolated static let concurrentRequests = 6

    public private(set) var state = State.idle

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let keptPositions: any KeptPositionStore
    @ObservationIgnored private let history: any WatchHistory
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let problem: @MainActor (Problem) -> Void
    @ObservationIgnored private let request = LatestRequest()
    @ObservationIgnored private var historyProblemSaid = false

    /// Continue watching over `apiService`, the positions kept in `keptPositions` and the `history`;
    /// `problem` hears, once a load each, of a history or kept positions that cannot be used.
    public init(
        apiService: any APIService, keptPositions: any KeptPositionStore, history: any WatchHistory,
        now: @escaping @Sendable () -> Date = { Date() },
        problem: @escaping @MainActor (Problem) -> Void = { _ in }
    ) {
        self.apiService = apiService
        self.keptPositions = keptPositions
        self.history = history
        self.now = now
        self.problem = problem
    }

    /// Reads the catalogue, the positions, the kept positions and the history, and lists;
    /// cancelled (by ``cancel()`` or the caller's task), it goes back to idle.
    public func load() async {
        await load(latestOnly: false)
    }

    /// Finds the episode watched last and not finished, the first the state lists, asking
    /// the server only for the positions of the videos played here, the most recent first,
    /// ``concurrentRequests`` at a time, until one is unfinished; the state then lists it
    /// alone. When none is, or the server cannot be reached, the state lists as ``load()``.
    public func loadTheLatest() async {
        await load(latestOnly: true)
    }

    private func load(latestOnly: Bool) async {
        state = .loading
        switch await request.run({ await self.answer(latestOnly: latestOnly) }) {
        case nil: return  // a later load answers instead
        case .success(let found): state = found
        case .failure: state = .idle  // cancelled: the only failure `answer` lets through
        }
    }

    /// Stops the reading under way, if any.
    public func cancel() {
        if request.cancel() { state = .idle }
    }

    private func answer(latestOnly: Bool) async -> State {
        historyProblemSaid = false
        let catalogue: Catalogue
        do throws(APIError) {
            catalogue = try await apiService.catalogue(policy: .normal)
        } catch {
            // Said as the screen's own failure: its subject is the positions, whatever request failed.
            return Self.failed(error, context: .progress) ?? .idle
        }
        let kept = await reading(try await keptPositions.kept(), else: []) { problem(.keptPositions($0)) }
        let watched = await reading(try await history.watched(), else: [], problem: sayOnce)
        if case .saved(_, let unreachable) = catalogue.source {
            return await remembered(catalogue.episodes, kept: kept, watched: watched, because: unreachable)
        }
        let cursors: [String: Int]
        do throws(APIError) {
            if latestOnly, let latest = try await latestWatched(catalogue.episodes, kept: kept, watched: watched) {
                return .loaded([latest])
            }
            cursors = try await Self.positions(of: catalogue.episodes, from: apiService)
        } catch  where error.kind == .unreachable {
            return await remembered(catalogue.episodes, kept: kept, watched: watched, because: error)
        } catch {
            return Self.failed(error, context: .progress) ?? .idle
        }
        let positions = RememberedPositions(cursors: cursors, checkedAt: now())
        await reading(try await history.remember(positions), else: (), problem: sayOnce)
        return .loaded(Self.items(catalogue.episodes, cursors: cursors, kept: kept, watched: watched))
    }

    /// The episode played here last and not finished, its videos' positions asked a few at a
    /// time, the most recent first; `nil` when none of them is unfinished.
    private func latestWatched(_ episodes: [Episode], kept: [KeptPosition], watched: [WatchedVideo])
        async throws(APIError) -> ContinueWatchingItem?
    {
        let byVideo = Dictionary(episodes.map { ($0.videoID, $0) }, uniquingKeysWith: { first, _ in first })
        let played = watched.compactMap { byVideo[$0.videoID] }
        for start in stride(from: 0, to: played.count, by: Self.concurrentRequests) {
            let some = Array(played[start..<min(start + Self.concurrentRequests, played.count)])
            let cursors = try await Self.positions(of: some, from: apiService)
            if let latest = Self.items(some, cursors: cursors, kept: kept, watched: watched).first { return latest }
        }
        return nil
    }

    /// Tells `problem` of the history's `error`, unless this load told it of one already.
    private func sayOnce(_ error: StoreError) {
        guard !historyProblemSaid else { return }
        historyProblemSaid = true
        problem(.history(error))
    }

    /// The answer from the positions last remembered, or the failure to reach the server
    /// (`unreachable`, when it is known) when none are.
    private func remembered(
        _ episodes: [Episode], kept: [KeptPosition], watched: [WatchedVideo], because unreachable: APIError?
    ) async -> State {
        guard let positions = await reading(try await history.rememberedPositions(), else: nil, problem: sayOnce)
        else {
            return Self.failed(unreachable ?? .nothingSaved, context: .progress) ?? .idle
        }
        return .offline(
            Self.items(episodes, cursors: positions.cursors, kept: kept, watched: watched),
            checkedAt: positions.checkedAt,
            message: "Offline: showing the positions the server gave "
                + "\(RelativeAge.phrase(from: positions.checkedAt, to: now())).")
    }

    private static func failed(_ error: APIError, context: APIErrorMapper.Context) -> State? {
        ScreenFailure(error).map { .failed(message: $0.message(for: context), $0) }
    }

    /// Every episode's position on the server, `concurrentRequests` at a time; the first
    /// failure ends the rest, but a video the server answers 404 for is only left out.
    public nonisolated static func positions(of episodes: [Episode], from api: any APIService) async throws(APIError)
        -> [String: Int]
    {
        let ids = Array(Set(episodes.map(\.videoID))).sorted()
        let outcome = await withTaskGroup(of: Result<VideoProgress, APIError>.self) { group in
            var cursors: [String: Int] = [:]
            var next = ids.makeIterator()
            func ask(_ id: String) {
                group.addTask { await Result { () async throws(APIError) in try await api.progressForVideo(id: id) } }
            }
            for _ in 0..<concurrentRequests { if let id = next.next() { ask(id) } }
            while let answer = await group.next() {
                switch answer {
                case .success(let progress): cursors[progress.videoID] = progress.cursor
                case .failure(let error) where isNotFound(error):
                    break  // a video the server does not know has no position: the list goes on
                case .failure(let error):
                    group.cancelAll()
                    return Result<[String: Int], APIError>.failure(error)
                }
                if let id = next.next() { ask(id) }
            }
            return .success(cursors)
        }
        return try outcome.get()
    }

    /// Whether the server answered 404: it does not know the video.
    private nonisolated static func isNotFound(_ error: APIError) -> Bool {
        if case .status(404, _)? = error.cause { true } else { false }
    }

    /// The started and unfinished among `episodes`, the server's `cursors` overlaid by the
    /// `kept` positions, the most recently watched first, then the catalogue's order.
    nonisolated static func items(
        _ episodes: [Episode], cursors: [String: Int], kept: [KeptPosition], watched: [WatchedVideo]
    ) -> [ContinueWatchingItem] {
        var positions = cursors
        var keptIDs: Set<String> = []
        for pending in kept {  // oldest first: the newest of a video wins
            positions[pending.progress.videoID] = pending.progress.cursor
            keptIDs.insert(pending.progress.videoID)
        }
        let order = Dictionary(watched.enumerated().map { ($1.videoID, $0) }, uniquingKeysWith: min)
        let lastWatched = Dictionary(watched.map { ($0.videoID, $0.watchedAt) }, uniquingKeysWith: max)
        let started = episodes.enumerated().compactMap { index, episode -> (Int, ContinueWatchingItem)? in
            guard let cursor = positions[episode.videoID] else { return nil }
            let item = ContinueWatchingItem(
                episode: episode, cursor: cursor, watchedAt: lastWatched[episode.videoID],
                isKeptHere: keptIDs.contains(episode.videoID))
            return item.isUnfinished ? (index, item) : nil
        }
        return started.sorted { left, right in
            let (a, b) = (order[left.1.episode.videoID] ?? .max, order[right.1.episode.videoID] ?? .max)
            return a != b ? a < b : left.0 < right.0
        }.map(\.1)
    }
}

/// An episode started and not finished.
public struct ContinueWatchingItem: Equatable, Sendable, Identifiable {
    public let episode: Episode
    /// Where the viewer is, in seconds.
    public let cursor: Int
    /// When it was last played on this machine, if it was.
    public let watchedAt: Date?
    /// Whether the position is kept on this machine, not yet on the server.
    public let isKeptHere: Bool

    public init(episode: Episode, cursor: Int, watchedAt: Date?, isKeptHere: Bool) {
        self.episode = episode
        self.cursor = cursor
        self.watchedAt = watchedAt
        self.isKeptHere = isKeptHere
    }

    public var id: Int { episode.id }

    /// Started, and short of the last seconds that count as finished.
    public var isUnfinished: Bool {
        cursor > 0 && !PlaybackViewModel.isFinished(cursor, duration: episode.videoDuration)
    }

    /// How far in, in whole percent.
    public var percent: Int { Self.percent(cursor, of: episode.videoDuration) }

    /// How far `cursor` seconds are into `duration`, in whole percent (0 for no length).
    public static func percent(_ cursor: Int, of duration: Int) -> Int {
        duration > 0 ? min(100, max(0, cursor) * 100 / duration) : 0
    }

    /// What is left, in seconds.
    public var secondsLeft: Int { max(0, episode.videoDuration - cursor) }
}
