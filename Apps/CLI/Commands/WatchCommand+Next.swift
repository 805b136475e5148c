import Domain
import Ports
import Presentation
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `watch` plays besides the episode named: the one watched last when none is named,
/// and the next one after an episode played to its end.
extension WatchCommand {
    /// The episode watched last and not finished (else the newest episode started), said on
    /// standard error; with none, the command needs a name, as it did before there was a
    /// history (64).
    @MainActor static func lastUnfinished(fromStart: Bool, in context: CommandContext) async
        -> CommandContext.Resolution
    {
        let items: [ContinueWatchingItem]
        switch await context.episodesToContinue(latestOnly: true) {
        case .success(let found): items = found
        case .failure(let ended): return .ended(ended.status)
        }
        guard let last = items.first else {
            context.console.fail(
                "Nothing to continue: no episode is started and unfinished. Name one: `cocoacasts watch ID` or "
                    + "`cocoacasts watch WORDS`.")
            return .ended(.usage)
        }
        let where_ = fromStart ? "from the start" : "at \(VideoDuration.format(seconds: last.cursor))"
        let which =
            last.watchedAt == nil
            ? "the newest episode you started and did not finish" : "the one you watched last and did not finish"
        context.console.notice(
            "continuing episode \(last.episode.id), “\(TerminalText.sanitized(last.episode.title))”, \(where_): "
                + "\(which).", style: context.appearance.error)
        return .video(id: last.episode.videoID, episode: last.episode)
    }

    /// Records that `videoID` is played now; a history that cannot be written is said, and
    /// the playback goes on (only the order of `continue` depends on it).
    @MainActor static func record(_ videoID: String, in history: any WatchHistory, context: CommandContext) async {
        do throws(StoreError) {
            try await history.recordWatched(videoID: videoID, at: Date())
        } catch {
            context.console.notice(error.historyMessage + " The playback goes on.", style: context.appearance.error)
        }
    }

    /// Up next over the catalogue; `nil` when it cannot be read (which is said).
    @MainActor static func upNext(autoplay: Bool, in context: CommandContext) async -> UpNextViewModel? {
        let episodes = EpisodesViewModel(apiService: context.services.api)
        await episodes.fetchEpisodes()
        if case .failed(_, let failure, _) = episodes.state {
            _ = context.report(
                failure, context: .episodes, asking: .episodes, sentence: .instead("No next episode is played."))
            return nil
        }
        return UpNextViewModel(episodes: episodes.state.rows.map(\.episode), autoplay: autoplay)
    }

    /// The episode to play after `playback`: asked on the terminal (Enter plays it), or at
    /// once with autoplay; `nil` to stop.
    @MainActor static func next(
        after playback: PlaybackViewModel, in upNext: UpNextViewModel, context: CommandContext
    ) -> Episode? {
        upNext.playbackEnded(playback.state, videoID: playback.videoID)
        let console = context.console
        if case .offering = upNext.state {
            console.writeError(Screens.upNext(upNext, style: context.appearance.error))
            let key = TerminalKeys.reading { $0.next(within: Int32(UpNextViewModel.offerSeconds) * 1000) }
            console.printError("")
            upNext.answer(play: key == .enter)
        }
        switch upNext.state {
        case .next, .caughtUp:
            console.notice(Screens.upNext(upNext), style: context.appearance.error)
        case .idle, .stopped, .unlisted, .offering, .declined:
            break
        }
        if case .next(let episode) = upNext.state { return episode }
        return nil
    }
}
