import Domain
import Observation
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `sync`: keeps ready on this machine the episodes the viewer will watch next, and clears
/// those they finished (see ``SyncPlan``).
///
/// ``plan()`` reads the catalogue, every episode's position on the server (as continue
/// watching does), the positions kept here, the history and the copies. Only a plan made
/// from the server's answers is acted on: when it cannot be reached, the state is `failed`
/// and nothing is removed. ``sync(dryRun:follow:)`` then removes what the plan clears (first,
/// to make room) and fetches what it wants, in order, within ``SyncRules/maxBytes``: an
/// episode whose size, by the bit rate of the quality it is fetched at, would pass the bound is
/// skipped with those after it. A dry run asks what sizes need and writes nothing: its report
/// holds what would be fetched and removed.
@MainActor
@Observable
public final class SyncViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case planning
        case planned(SyncPlan)
        /// Removing and fetching: the plan, and the report so far.
        case syncing(SyncReport)
        case done(SyncReport)
        /// The plan could not be made: nothing was changed.
        case failed(message: String, ScreenFailure)
    }

    public private(set) var state = State.idle

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let downloader: any VideoDownloader
    @ObservationIgnored private let keptPositions: any KeptPositionStore
    @ObservationIgnored private let history: any WatchHistory
    @ObservationIgnored private let server: String
    @ObservationIgnored private let rules: SyncRules
    @ObservationIgnored private let problem: @MainActor (ContinueWatchingViewModel.Problem) -> Void

    /// `sync` of `server`'s episodes (as copies name it in their metadata's `server`) by `rules`;
    /// `problem` hears of a history or kept positions that cannot be read, which the plan goes on without.
    public init(
        apiService: any APIService, downloader: any VideoDownloader, keptPositions: any KeptPositionStore,
        history: any WatchHistory, server: String, rules: SyncRules,
        problem: @escaping @MainActor (ContinueWatchingViewModel.Problem) -> Void = { _ in }
    ) {
        self.apiService = apiService
        self.downloader = downloader
        self.keptPositions = keptPositions
        self.history = history
        self.server = server
        self.rules = rules
        self.problem = problem
    }

    /// Decides what to keep, fetch and remove. A history or kept positions that cannot be
    /// read are left out (the order, or the newest positions, may then differ); copies that
    /// cannot be listed fail the plan, as does a server that cannot be reached.
    public func plan() async {
        state = .planning
        let catalogue: Catalogue
        let cursors: [String: Int]
        let copies: [LocalCopy]
        do throws(APIError) {
            catalogue = try await apiService.catalogue(policy: .normal)
            if case .saved(_, let unreachable) = catalogue.source { throw unreachable ?? .unreachable }
            cursors = try await ContinueWatchingViewModel.positions(of: catalogue.episodes, from: apiService)
        } catch {
            state = ScreenFailure(error).map { .failed(message: $0.message(for: .progress), $0) } ?? .idle
            return
        }
        do throws(DownloadError) {
            copies = try await downloader.copies()
        } catch {
            let failure = ScreenFailure.store(.io(path: downloader.location.path, detail: error.description))
            state = .failed(message: "The copies on this machine cannot be listed: \(error).", failure)
            return
        }
        let kept = await reading(try await keptPositions.kept(), else: []) { problem(.keptPositions($0)) }
        let watched = await reading(try await history.watched(), else: []) { problem(.history($0)) }
        state = .planned(
            SyncPlan.make(
                episodes: catalogue.episodes, cursors: cursors, kept: kept, watched: watched, copies: copies,
                server: server, rules: rules))
    }

    /// Carries out the plan: removes, then fetches each wanted episode in order, `follow`
    /// running each download (to draw it: the download, what it is, its place and how many);
    /// a dry run only sizes what it would fetch. Cancelled, it stops after what is under way
    /// and the report says so.
    ///
    /// With ``SyncRules/maxBytes``, every copy wanted counts, partial ones included; an episode
    /// is sized by the bit rate of the quality it is fetched at before it is fetched, and one
    /// whose size cannot be told (a plain file) by what it took once fetched. Once the bound
    /// is reached, or the next would pass it, nothing after is fetched.
    public func sync(
        dryRun: Bool = false,
        follow:
            @MainActor (DownloadViewModel, SyncPlan.Wanted, _ place: Int, _ count: Int, () async -> Void) async ->
            Void = { _, _, _, _, work in await work() }
    ) async {
        guard case .planned(let plan) = state else { return }
        var report = SyncReport(plan: plan, dryRun: dryRun)
        if dryRun { report.removed = plan.removed } else { await remove(plan.removed, into: &report) }
        let onDisk = (plan.kept + plan.fetched).reduce(0) { $0 + ($1.copy?.bytes ?? 0) }
        var room = rules.maxBytes.map { $0 - onDisk }
        for (index, wanted) in plan.fetched.enumerated() {
            state = .syncing(report)
            guard !Task.isCancelled else {
                report.interrupted = true
                break
            }
            if let left = room, left <= 0 {
                report.skipped += plan.fetched[index...].map { .init(episode: $0.episode, reason: .maxSizeReached) }
                break
            }
            let step = await fetch(wanted, place: index + 1, of: plan.fetched.count, room: room, dryRun: dryRun, follow)
            switch step {
            case .fetched(let fetched, let added):
                report.fetched.append(fetched)
                room = room.map { $0 - added }
                continue
            case .overMaxSize(let bytes):
                report.skipped += plan.fetched[index...].enumerated().map { later, wanted in
                    .init(episode: wanted.episode, reason: later == 0 ? .overMaxSize(bytes: bytes) : .maxSizeReached)
                }
            case .failed(let message, let cause, let stopsTheRest):
                report.failed.append(.init(episode: wanted.episode, message: message, cause: cause))
                if !stopsTheRest { continue }
            case .interrupted:
                report.interrupted = true
            }
            break
        }
        state = .done(report)
    }

    /// What became of one wanted episode.
    private enum Step {
        /// Fetched (or, dry, sized), adding `bytes` to the disk.
        case fetched(SyncReport.Fetched, bytes: Int)
        /// Its size would pass the room left by `bytes`.
        case overMaxSize(bytes: Int)
        /// Not fetched, with the message and cause; `stopsTheRest` when the server or media host
        /// cannot be reached.
        case failed(message: String, SyncReport.Failed.Cause, stopsTheRest: Bool)
        case interrupted
    }

    /// Asks for `wanted`'s stream, sizes it when `room` bounds it, and fetches it (or, dry, says
    /// what it would add).
    private func fetch(
        _ wanted: SyncPlan.Wanted, place: Int, of count: Int, room: Int?, dryRun: Bool,
        _ follow: @MainActor (DownloadViewModel, SyncPlan.Wanted, Int, Int, () async -> Void) async -> Void
    ) async -> Step {
        let video: Video
        do throws(APIError) {
            video = try await apiService.video(id: wanted.episode.videoID)
        } catch {
            guard let failure = ScreenFailure(error) else { return .interrupted }
            return .failed(message: failure.message(for: .video), .api(error), stopsTheRest: error.kind == .unreachable)
        }
        var estimate: Int?
        if let room {
            do throws(DownloadError) {
                estimate = try await estimatedBytes(of: wanted, at: video)
            } catch {
                return .failed(
                    message: DownloadViewModel.message(for: error), .copy(error.cause),
                    stopsTheRest: error.isUnreachable)
            }
            if let estimate, estimate > room { return .overMaxSize(bytes: estimate - room) }
        }
        if dryRun { return .fetched(.init(wanted: wanted, copy: nil, estimatedBytes: estimate), bytes: estimate ?? 0) }
        let download = DownloadViewModel(videoID: wanted.episode.videoID, downloader: downloader)
        let request = DownloadRequest(
            videoID: wanted.episode.videoID, url: video.videoURL, quality: wanted.quality,
            episode: EpisodeLabel(id: wanted.episode.id, title: wanted.episode.title), duration: video.duration,
            metadata: wanted.copy?.metadata ?? ["server": server, SyncPlan.madeByKey: SyncPlan.madeBySyncValue])
        await follow(download, wanted, place, count) { await download.download(request) }
        switch download.state {
        case .complete(let copy):
            return .fetched(
                .init(wanted: wanted, copy: copy, estimatedBytes: estimate),
                bytes: copy.bytes - (wanted.copy?.bytes ?? 0))
        case .failed(let message, let cause, _):
            return .failed(message: message, .copy(cause), stopsTheRest: DownloadError(cause).isUnreachable)
        case .interrupted, .waiting, .downloading:
            return .interrupted
        }
    }

    /// Removes `removals`; a copy being written by another command is skipped, one that
    /// cannot be removed failed.
    private func remove(_ removals: [SyncPlan.Removal], into report: inout SyncReport) async {
        for removal in removals {
            do throws(DownloadError) {
                if try await downloader.remove(videoID: removal.copy.videoID) { report.removed.append(removal) }
            } catch {
                if case .busy = error.cause {
                    report.skipped.append(.init(episode: removal.episode, reason: .busy))
                } else {
                    report.failed.append(
                        .init(
                            episode: removal.episode, message: "Its copy could not be removed: \(error).",
                            cause: .copy(error.cause)))
                }
            }
        }
    }

    /// The bytes fetching `wanted` adds, by the bit rate of the variant its quality picks and
    /// the video's length; `nil` for a plain file (its size is counted once it is fetched).
    private func estimatedBytes(of wanted: SyncPlan.Wanted, at video: Video) async throws(DownloadError) -> Int? {
        let offered = try await downloader.qualities(at: video.videoURL)
        let quality = wanted.quality ?? wanted.copy?.chosen ?? .best
        guard let variant = OfferedQuality.picked(by: quality, among: offered) else { return nil }
        return max(0, variant.bytes(forSeconds: video.duration) - (wanted.copy?.bytes ?? 0))
    }
}

/// What a `sync` did (or, dry, would do).
public struct SyncReport: Equatable, Sendable {
    /// An episode fetched: the copy, or, in a dry run, none; the size the bit rate gave, when asked.
    public struct Fetched: Equatable, Sendable {
        public let wanted: SyncPlan.Wanted
        public let copy: DownloadedCopy?
        public let estimatedBytes: Int?
    }

    /// An episode that could not be fetched or whose copy could not be removed, and why.
    public struct Failed: Equatable, Sendable {
        /// What failed: the request for the video's stream, or the copy's download or removal.
        public enum Cause: Equatable, Sendable {
            case api(APIError)
            case copy(DownloadError.Cause)
        }

        public let episode: Episode
        public let message: String
        public let cause: Cause
    }

    public let plan: SyncPlan
    /// Whether it was a dry run: what it fetched and removed, it would have.
    public let dryRun: Bool
    public var fetched: [Fetched] = []
    public var removed: [SyncPlan.Removal] = []
    public var skipped: [SyncPlan.Skip]
    public var failed: [Failed] = []
    /// Whether a signal stopped it.
    public var interrupted = false

    public init(plan: SyncPlan, dryRun: Bool = false) {
        self.plan = plan
        self.dryRun = dryRun
        skipped = plan.skipped
    }

    /// What `plan` would do, before any size is asked: its fetches and removals.
    public init(planned plan: SyncPlan) {
        self.init(plan: plan, dryRun: true)
        fetched = plan.fetched.map { Fetched(wanted: $0, copy: nil, estimatedBytes: nil) }
        removed = plan.removed
    }

    /// Wanted and complete before the run.
    public var kept: [SyncPlan.Wanted] { plan.kept }
}

extension OfferedQuality {
    /// The variant of `offered` (smallest first) that `quality` picks, as the downloader picks
    /// it: the largest, the smallest, or the largest at most that high (else the smallest).
    public static func picked(by quality: VideoQuality, among offered: [OfferedQuality]) -> OfferedQuality? {
        switch quality {
        case .best: offered.first { $0.chosenBy.contains(.best) } ?? offered.last
        case .worst: offered.first { $0.chosenBy.contains(.worst) } ?? offered.first
        case .height(let height): offered.last { ($0.height ?? 0) <= height } ?? offered.first
        }
    }
}
