import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The save policy of one playback: when a position is saved, and what becomes of it.
///
/// - A position is due every ``PlaybackViewModel/saveInterval`` seconds (by the injected
///   clock) while it moved since the last one due.
/// - Never two saves in flight: a save due while one is in flight waits for it, and a later
///   due save replaces the waiting one (the newer position wins). So at most one runs and
///   one waits, in order, whatever the server's speed.
/// - ``finish(at:)`` waits for both, then saves the last position unless the server holds it
///   already and nothing is left in the kept-position store.
/// - A save that fails is kept in the kept-position store (newest wins); a later save that goes through
///   forgets what the kept-position store keeps of the video from before it. A periodic save that is only
///   cancelled is dropped (the next one carries a newer position); a cancelled final save is
///   kept, as nothing comes after it.
@MainActor
final class ProgressSaver {
    /// Told after each save what the server holds and what became of the position.
    typealias Report = @MainActor (_ saved: Int, _ sync: PlaybackViewModel.Sync) async -> Void

    private let videoID: String
    private let apiService: any APIService
    private let keptPositions: any KeptPositionStore
    private let now: @Sendable () -> Date
    /// The server's position a position kept now follows (see ``/Ports/KeptPosition/basedOn``).
    private let basedOn: @MainActor () -> SeenPosition?
    private let report: Report
    private var saved: Int
    private var sync = PlaybackViewModel.Sync.saved
    /// The last position a save was due for, and when; at first where playback started.
    private var lastDue: (position: Int, at: Date)
    private var running: Task<Void, Never>?
    private var waiting: Int?
    /// Whether the kept-position store may keep a position of the video: one from an earlier run, or one
    /// this playback kept. The first save that goes through makes sure it does not.
    private var keptPositionsMayKeepTheVideo = true

    /// A saver for a playback of `videoID` that started at `start` while the server held `saved`.
    init(
        videoID: String, apiService: any APIService, keptPositions: any KeptPositionStore,
        now: @escaping @Sendable () -> Date,
        start: Int, saved: Int, basedOn: @escaping @MainActor () -> SeenPosition?, report: @escaping Report
    ) {
        self.videoID = videoID
        self.apiService = apiService
        self.keptPositions = keptPositions
        self.now = now
        self.basedOn = basedOn
        self.report = report
        self.saved = saved
        lastDue = (start, now())
    }

    /// The player reported `position`: saves it when a save is due.
    func reported(_ position: Int) {
        let time = now()
        guard position != lastDue.position, time.timeIntervalSince(lastDue.at) >= PlaybackViewModel.saveInterval
        else { return }
        lastDue = (position, time)
        if running == nil { start(position) } else { waiting = position }
    }

    /// Whether ending at `position` (`nil`: none reported) leaves a save to make or await.
    func hasWork(endingAt position: Int?) -> Bool {
        running != nil || isFinalSaveDue(position)
    }

    /// Waits for the saves in flight and waiting, then saves `position`, the last one the
    /// player reported, unless the server holds it already.
    func finish(at position: Int?) async {
        while let task = running { await task.value }
        guard let position, isFinalSaveDue(position) else { return }
        await save(position, isFinal: true)
    }

    private func isFinalSaveDue(_ position: Int?) -> Bool {
        position.map { $0 != saved || sync != .saved } ?? false
    }

    private func start(_ position: Int) {
        running = Task {
            await save(position, isFinal: false)
            if let next = waiting {
                waiting = nil
                start(next)
            } else {
                running = nil
            }
        }
    }

    private func save(_ position: Int, isFinal: Bool) async {
        let recordedAt = now()
        let pending = KeptPosition(
            progress: VideoProgress(videoID: videoID, cursor: position), recordedAt: recordedAt, basedOn: basedOn())
        do throws(APIError) {
            saved = try await apiService.updateProgressForVideo(id: videoID, cursor: position).cursor
            sync = await forgetKeptPositions(before: pending)
        } catch {
            if error.kind == .cancelled && !isFinal { return }
            sync = await keep(pending, because: error)
        }
        await report(saved, sync)
    }

    private func keep(_ pending: KeptPosition, because saveError: APIError) async -> PlaybackViewModel.Sync {
        do throws(StoreError) {
            try await keptPositions.keep(pending)
            keptPositionsMayKeepTheVideo = true
            return .kept(pending.progress.cursor, because: saveError)
        } catch {
            return .lost(pending.progress.cursor, because: saveError, store: error)
        }
    }

    private func forgetKeptPositions(before pending: KeptPosition) async -> PlaybackViewModel.Sync {
        guard keptPositionsMayKeepTheVideo else { return .saved }
        do throws(StoreError) {
            try await keptPositions.remove(pending)
            keptPositionsMayKeepTheVideo = false
            return .saved
        } catch {
            return .stale(error)
        }
    }
}
