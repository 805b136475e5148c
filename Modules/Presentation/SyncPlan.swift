import Domain
import Ports

/// What `sync` keeps on this machine and what it clears, decided from the catalogue, every
/// device's positions and the copies: no I/O, so a table of cases tests it.
///
/// The episodes wanted are walked from each episode started and not finished, the most
/// recently watched first: that episode, then those published after it (finished ones passed
/// over), until ``SyncRules/episodes`` are wanted. When the episode played here last is
/// finished, the walk starts at the one after it. A wanted episode whose copy is complete is
/// kept; any other is fetched, going on from a partial copy at the copy's own quality. A
/// complete copy `sync` made is kept until its episode is finished on any device, wanted or
/// not; then it is removed — as a copy the viewer made is when ``SyncRules/removesFinished``
/// says so, and otherwise left and said.
public struct SyncPlan: Equatable, Sendable {
    /// An episode wanted on this machine.
    public struct Wanted: Equatable, Sendable {
        public let episode: Episode
        /// Its copy, when there is one: complete when kept, else what the fetch goes on from.
        public let copy: LocalCopy?
        /// The quality asked (`--quality`) of a new copy; `nil` for a copy that goes on at its
        /// own, or a new one at the best.
        public let quality: VideoQuality?
    }

    /// A copy to remove, and whether `sync` made it.
    public struct Removal: Equatable, Sendable {
        public let copy: LocalCopy
        public let episode: Episode
        public let madeBySync: Bool
    }

    /// An episode left as it is, and why.
    public struct Skip: Equatable, Sendable {
        public enum Reason: Equatable, Sendable {
            /// Finished, but the viewer copied it with `download` (``SyncRules/removesFinished`` removes it).
            case finishedCopiedByTheViewer
            /// Finished, but another command is writing its copy.
            case busy
            /// Fetching it would take about `bytes` more than ``SyncRules/maxBytes`` leaves.
            case overMaxSize(bytes: Int)
            /// ``SyncRules/maxBytes`` was reached before it, or an episode before it would pass
            /// it (the order is kept: none is fetched past it).
            case maxSizeReached
        }

        public let episode: Episode
        public let reason: Reason
    }

    /// Wanted with a complete copy already.
    public var kept: [Wanted]
    /// Wanted, without a complete copy.
    public var fetched: [Wanted]
    public var removed: [Removal]
    public var skipped: [Skip]

    /// The plan that keeps, fetches and removes nothing.
    public static let empty = SyncPlan(kept: [], fetched: [], removed: [], skipped: [])

    /// Whether a run would change nothing on disk.
    public var changesNothing: Bool { fetched.isEmpty && removed.isEmpty }

    /// The key a copy made by `sync` carries in its metadata, with the value ``madeBySyncValue``.
    public static let madeByKey = "by"
    public static let madeBySyncValue = "sync"

    /// The plan for `episodes` (as the API lists them, the newest first), the server's
    /// `cursors` overlaid by the positions `kept` here, the history's `watched`, and the
    /// `copies` on this machine, of which only those of `server` are considered.
    public static func make(
        episodes: [Episode], cursors: [String: Int], kept: [KeptPosition], watched: [WatchedVideo],
        copies: [LocalCopy], server: String, rules: SyncRules
    ) -> SyncPlan {
        var positions = cursors
        for pending in kept { positions[pending.progress.videoID] = pending.progress.cursor }
        let finished = { (episode: Episode) in
            guard let cursor = positions[episode.videoID], cursor > 0 else { return false }
            return PlaybackViewModel.isFinished(cursor, duration: episode.videoDuration)
        }
        let ours = Dictionary(
            copies.filter { $0.metadata["server"] == server }.map { ($0.videoID, $0) },
            uniquingKeysWith: { first, _ in first })
        let byVideo = Dictionary(episodes.map { ($0.videoID, $0) }, uniquingKeysWith: { first, _ in first })
        var plan = SyncPlan.empty
        var wanted: Set<String> = []
        walk: for start in starts(episodes, positions: cursors, kept: kept, watched: watched, finished: finished) {
            var next: Episode? = start
            while let episode = next {
                guard wanted.count < rules.episodes else { break walk }
                next = UpNextViewModel.episode(after: episode.videoID, in: episodes)
                guard !finished(episode), wanted.insert(episode.videoID).inserted else { continue }
                let copy = ours[episode.videoID]
                let one = Wanted(episode: episode, copy: copy, quality: copy == nil ? rules.quality : nil)
                if copy?.isComplete == true { plan.kept.append(one) } else { plan.fetched.append(one) }
            }
        }
        for copy in ours.values.sorted(by: { $0.videoID < $1.videoID }) {
            guard let episode = byVideo[copy.videoID] else { continue }
            guard finished(episode) else {
                // Not wanted now (the viewer finished the one before it elsewhere, say), but not
                // watched yet either: kept until it is.
                if copy.metadata[madeByKey] == madeBySyncValue, copy.isComplete, !wanted.contains(copy.videoID) {
                    plan.kept.append(Wanted(episode: episode, copy: copy, quality: nil))
                }
                continue
            }
            let madeBySync = copy.metadata[madeByKey] == madeBySyncValue
            if madeBySync || rules.removesFinished {
                plan.removed.append(Removal(copy: copy, episode: episode, madeBySync: madeBySync))
            } else {
                plan.skipped.append(Skip(episode: episode, reason: .finishedCopiedByTheViewer))
            }
        }
        return plan
    }

    /// Where the walk starts: each episode started and not finished, the most recently watched
    /// first; led, when the episode watched here last was finished since, by the one after it.
    private static func starts(
        _ episodes: [Episode], positions cursors: [String: Int], kept: [KeptPosition], watched: [WatchedVideo],
        finished: (Episode) -> Bool
    ) -> [Episode] {
        let started = ContinueWatchingViewModel.items(episodes, cursors: cursors, kept: kept, watched: watched)
        let byVideo = Dictionary(episodes.map { ($0.videoID, $0) }, uniquingKeysWith: { first, _ in first })
        guard let last = watched.first, let episode = byVideo[last.videoID], finished(episode),
            let next = UpNextViewModel.episode(after: episode.videoID, in: episodes)
        else { return started.map(\.episode) }
        return [next] + started.map(\.episode)
    }
}

/// What the viewer asks of `sync`.
public struct SyncRules: Equatable, Sendable {
    /// How many episodes to keep ready at most.
    public var episodes: Int
    /// How many bytes the episodes kept ready may take at most, when bounded.
    public var maxBytes: Int?
    /// The quality of a new copy (`nil`: the best).
    public var quality: VideoQuality?
    /// Whether finished copies the viewer made are removed too.
    public var removesFinished: Bool

    public static let defaultEpisodes = 3

    public init(
        episodes: Int = Self.defaultEpisodes, maxBytes: Int? = nil, quality: VideoQuality? = nil,
        removesFinished: Bool = false
    ) {
        self.episodes = episodes
        self.maxBytes = maxBytes
        self.quality = quality
        self.removesFinished = removesFinished
    }
}
