import Domain
import Observation
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Watching a video: fetches it and where the viewer left off, plays it, and saves the
/// position as it goes, so that the next watch resumes there.
///
/// The save policy (see `ProgressSaver`): playback starts at the saved cursor (see
/// ``startPosition(cursor:duration:fromStart:)``); while it plays, the position is saved
/// every ``saveInterval`` seconds while it moves, never two saves at once; when playback
/// ends — to the end, stopped, or failed after reporting a position — the last position
/// is saved once more. A save that fails keeps the position in the ``/Ports/KeptPositionStore``
/// and the state says it is kept. A player that reports no positions saves nothing.
///
/// Stopping never loses the final save: ``stop()``, and cancelling the task that awaits
/// ``watch(fromStart:)``, stop the player (or the fetches); the playback then ends as
/// stopped, and `watch` makes the final save — which nothing cancels — before it returns.
@MainActor
@Observable
public final class PlaybackViewModel {
    /// How often a moving position is saved, in seconds.
    public nonisolated static let saveInterval: TimeInterval = 15
    /// How close to the end a saved cursor starts the video from the beginning, in seconds.
    public nonisolated static let restartMargin = 10

    /// The identifier of the video to watch.
    public let videoID: String
    /// What the screen shows.
    public private(set) var state = State.idle

    /// Where a copy played offline started, and why there; `nil` when the server gave the position.
    public private(set) var offlineStart: OfflineStart?
    /// The watch history's failure, when it could not remember a position (the playback went on).
    public private(set) var historyProblem: StoreError?

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let player: any MediaPlayer
    @ObservationIgnored private let keptPositions: any KeptPositionStore
    @ObservationIgnored private let history: (any WatchHistory)?
    @ObservationIgnored private let now: @Sendable () -> Date
    /// The server's position this playback's positions follow, as last seen (see ``/Ports/KeptPosition/basedOn``).
    @ObservationIgnored private var basedOn: SeenPosition?
    /// The watch in progress, if any.
    @ObservationIgnored private var control: PlaybackControl?

    /// The copy on this machine that the video's URL may name: the one file URL played.
    @ObservationIgnored private let localCopy: URL?

    /// Nothing is fetched or played until ``watch(fromStart:)``.
    ///
    /// - Parameters:
    ///   - keptPositions: keeps the positions that could not be saved (this server's and account's).
    ///   - history: remembers the positions the server gives and takes, with when; a copy
    ///     played while the server cannot be reached starts at the newest position known.
    ///   - localCopy: the file of a copy on this machine, which the video's URL may then be
    ///     (the app chose it; a server's URL must be http or https).
    ///   - now: the clock that says when a save is due and when a kept position was recorded.
    public init(
        videoID: String, apiService: any APIService, player: any MediaPlayer, keptPositions: any KeptPositionStore,
        history: (any WatchHistory)? = nil, localCopy: URL? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.videoID = videoID
        self.apiService = apiService
        self.player = player
        self.keptPositions = keptPositions
        self.history = history
        self.localCopy = localCopy
        self.now = now
    }

    /// What the player is called in messages: `mpv`.
    public var playerName: String { player.name }

    /// Where playback of a video `duration` seconds long starts when the server holds
    /// `cursor`: there, unless it is within ``restartMargin`` seconds of the end (the viewer
    /// finished it) or `fromStart` asks for the beginning.
    public nonisolated static func startPosition(cursor: Int, duration: Int, fromStart: Bool) -> Int {
        fromStart || isFinished(cursor, duration: duration) ? 0 : max(0, cursor)
    }

    /// Whether a position of `cursor` seconds in a video `duration` seconds long is its end:
    /// within ``restartMargin`` seconds of it, where every device reads the episode as finished.
    /// The one finished rule: `progress`, `continue` and `watch` all follow it.
    public nonisolated static func isFinished(_ cursor: Int, duration: Int) -> Bool {
        cursor >= duration - restartMargin
    }

    /// The finished rule as the help, the manual and the screens say it.
    public nonisolated static let finishedRule = "the last \(restartMargin) s of a video count as its end"

    /// Fetches the video and its saved progress at once, plays it, saves the position as it
    /// goes and once at the end; returns when playback ended and the last position is saved
    /// or kept. A call while a watch runs does nothing.
    public func watch(fromStart: Bool = false) async {
        guard control == nil else { return }
        let control = PlaybackControl()
        self.control = control
        defer { self.control = nil }
        // Not a child of the caller's task: cancelling the caller stops the player instead,
        // so that the final save is made.
        let watching = Task { await play(fromStart: fromStart, control: control) }
        await withTaskCancellationHandler {
            await watching.value
        } onCancel: {
            control.stop()
        }
    }

    /// Stops the watch in progress (Ctrl-C): the fetches, or the player; ``watch(fromStart:)``
    /// then saves the last position and returns. Does nothing when no watch runs.
    public func stop() {
        control?.stop()
    }

    /// The viewer quits at once (a second Ctrl-C): keeps the last position the player
    /// reported in the kept-position store — a local write, never the network — unless the server holds
    /// it already, and says what became of it. The next command that reaches the server
    /// sends what is kept. A watch that ended already answers with what its end did.
    public func keepThePositionNow() async -> QuitAtOnce {
        let playhead: Playhead
        switch state {
        case .idle, .loading, .failed(_, .video), .failed(_, .progress), .failed(_, .player): return .nothingPlayed
        case .finished(_, let ended), .failed(_, .playback(_, let ended)): return Self.quitAtOnce(after: ended)
        case .playing(let shown), .saving(let shown): playhead = shown
        }
        guard let position = playhead.position else { return .untracked }
        if position == playhead.saved && playhead.sync == .saved { return .saved(position) }
        let pending = KeptPosition(
            progress: VideoProgress(videoID: videoID, cursor: position), recordedAt: now(), basedOn: basedOn)
        do throws(StoreError) {
            try await keptPositions.keep(pending)
            return .kept(position)
        } catch {
            return .lost(position, error)
        }
    }

    /// What the end of a watch did with its last position, as a quit at once would say it.
    private static func quitAtOnce(after playhead: Playhead) -> QuitAtOnce {
        switch playhead.sync {
        case .untracked: .untracked
        case .saved, .stale: .saved(playhead.saved)
        case .kept(let position, _): .kept(position)
        case .lost(let position, _, let store): .lost(position, store)
        }
    }

    private func play(fromStart: Bool, control: PlaybackControl) async {
        state = .loading
        guard let (video, progress) = await load(control) else { return }
        let start = Self.startPosition(cursor: progress.cursor, duration: video.duration, fromStart: fromStart)
        let playback: any Playback
        do throws(PlayerError) {
            if video.videoURL != localCopy { try Self.checkIsAStream(video.videoURL, for: player) }
            playback = try await player.play(video.videoURL, from: start)
        } catch {
            state = .failed(message: "\(error).", .player(error))
            return
        }
        control.playing(playback)
        let tracked = player.reportsPositions
        // Offline, what the server holds is what this machine last saw it hold; a start kept here
        // and not yet sent is pending, not saved.
        let saved = offlineStart == nil ? progress.cursor : basedOn?.cursor ?? 0
        var sync = tracked ? PlaybackViewModel.Sync.saved : .untracked
        if tracked, let offlineStart, case .keptHere(let cursor, _) = offlineStart.source {
            sync = .kept(cursor, because: offlineStart.unreachable)
        }
        state = .playing(
            Playhead(video: video, start: start, position: tracked ? start : nil, saved: saved, sync: sync))
        let saver = tracked ? saver(start: start, saved: saved) : nil
        var ending: PlaybackEnding?
        var reported: Int?
        for await event in playback.events {
            switch event {
            case .position(let position) where tracked && ending == nil:
                let position = max(0, position)
                reported = position
                updatePlayhead { $0.position = position }
                saver?.reported(position)
            case .position: continue
            case .ended(let how): ending = ending ?? how
            }
        }
        // Played to within the last seconds (however it ended) is saved as the whole length, so
        // that every device reads the episode as finished. The player's end of file alone is
        // not enough: a stream cut short ends the same way, far from the end.
        var last = reported
        if let position = reported, Self.isFinished(position, duration: video.duration) {
            last = video.duration
            updatePlayhead { $0.position = video.duration }
        }
        if let saver, saver.hasWork(endingAt: last), case .playing(let playhead) = state {
            state = .saving(playhead)
            await saver.finish(at: last)
        }
        end(ending ?? .failed(reason: "it stopped reporting without saying how playback ended"))
    }

    /// The save policy of a playback from `start` while the server holds `saved`; what it
    /// saves shows in the playhead.
    private func saver(start: Int, saved: Int) -> ProgressSaver {
        ProgressSaver(
            videoID: videoID, apiService: apiService, keptPositions: keptPositions, now: now, start: start,
            saved: saved,
            basedOn: { [weak self] in self?.basedOn }
        ) { [weak self] saved, sync in
            self?.updatePlayhead {
                $0.saved = saved
                $0.sync = sync
            }
            if let self, sync.serverTookIt {
                let seen = SeenPosition(cursor: saved, seenAt: self.now())
                self.basedOn = seen
                await self.remember(seen, savedHere: true)
            }
        }
    }

    /// Remembers `position` in the history, when there is one; a failure is kept for the caller to say.
    private func remember(_ position: SeenPosition, savedHere: Bool) async {
        await reading(try await history?.remember(position, of: videoID, savedHere: savedHere), else: ()) {
            historyProblem = $0
        }
    }

    /// The video and its saved progress, fetched at once; `nil` when either failed or a
    /// stop came (the state then says so). A copy on this machine whose position the server
    /// cannot give starts at the newest position known here (see ``OfflineStart``).
    private func load(_ control: PlaybackControl) async -> (Video, VideoProgress)? {
        let fetches = Task { [apiService, videoID] in
            async let video = Result { () async throws(APIError) in try await apiService.video(id: videoID) }
            async let progress = Result { () async throws(APIError) in
                try await apiService.progressForVideo(id: videoID)
            }
            return await (video, progress)
        }
        control.loading(cancel: { fetches.cancel() })
        switch await fetches.value {
        case (.success(let video), .success(let progress)):
            guard control.isStopped else {
                basedOn = SeenPosition(cursor: progress.cursor, seenAt: now())
                await remember(SeenPosition(cursor: progress.cursor, seenAt: now()), savedHere: false)
                return (video, progress)
            }
            state = .idle
        case (.success(let video), .failure(let error))
        where error.kind == .unreachable && localCopy != nil && video.videoURL == localCopy:
            let start = await newestKnownPosition(because: error)
            offlineStart = start
            guard control.isStopped else { return (video, VideoProgress(videoID: videoID, cursor: start.cursor)) }
            state = .idle
        case (.failure(let error), _): fail(error, Cause.video, context: .video)
        case (_, .failure(let error)): fail(error, Cause.progress, context: .progress)
        }
        return nil
    }

    /// The newest position this machine knows of the video — kept here and not yet sent, or
    /// the server's as last seen — and, for the positions this playback keeps, the server's
    /// it follows. What cannot be read counts as unknown, and is said through the start.
    private func newestKnownPosition(because unreachable: APIError) async -> OfflineStart {
        var problems: [StoreError] = []
        let kept = await reading(try await keptPositions.kept(), else: []) { problems.append($0) }
            .filter { $0.progress.videoID == videoID }.max { $0.recordedAt < $1.recordedAt }
        let seen = await reading(try await history?.serverPosition(of: videoID), else: nil) { problems.append($0) }
        basedOn = seen?.position ?? kept?.basedOn
        let start: OfflineStart.Source
        if let kept, kept.recordedAt >= seen?.position.seenAt ?? .distantPast {
            start = .keptHere(kept.progress.cursor, at: kept.recordedAt)
        } else if let seen {
            start = .server(seen.position.cursor, at: seen.position.seenAt, savedHere: seen.savedHere)
        } else {
            start = .nothingKnown
        }
        return OfflineStart(source: start, unreachable: unreachable, problems: problems)
    }

    /// Shows the failure of a fetch, or nothing for a cancelled one (a stop).
    private func fail(_ error: APIError, _ cause: (ScreenFailure) -> Cause, context: APIErrorMapper.Context) {
        state = ScreenFailure(error).map { .failed(message: $0.message(for: context), cause($0)) } ?? .idle
    }

    /// Changes the playhead of the state that shows one (playing or saving).
    private func updatePlayhead(_ change: (inout Playhead) -> Void) {
        switch state {
        case .playing(var playhead):
            change(&playhead)
            state = .playing(playhead)
        case .saving(var playhead):
            change(&playhead)
            state = .saving(playhead)
        case .idle, .loading, .finished, .failed: break
        }
    }

    /// Shows how playback ended, with the playhead as the last save left it.
    private func end(_ ending: PlaybackEnding) {
        let playhead: Playhead
        switch state {
        case .playing(let shown), .saving(let shown): playhead = shown
        case .idle, .loading, .finished, .failed: return
        }
        switch ending {
        case .finished: state = .finished(.atTheEnd, playhead)
        case .stopped: state = .finished(.stopped, playhead)
        case .failed(let reason):
            state = .failed(message: "\(player.name) failed: \(reason)", .playback(reason: reason, playhead))
        }
    }

    /// Refuses a stream URL that is not http(s): a server must not make a player open a local
    /// file, a desktop entry or another scheme's handler (`file:`, `av:`, `edl:`, `x-…:`).
    private static func checkIsAStream(_ url: URL, for player: any MediaPlayer) throws(PlayerError) {
        guard Origin(url) != nil else {
            throw .couldNotStart(
                name: player.name, reason: "the server's stream URL is not an http(s) URL, so it was not played")
        }
    }
}
