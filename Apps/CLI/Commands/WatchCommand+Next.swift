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
    /// The video of the episode watched last and not finished (else the newest episode started), said on
    /// standard error; with none, the command needs a name, as it did before there was a
    /// history (64).
    @MainActor static func lastUnfinished(fromStart: Bool, in context: CommandContext) async throws(ExitCode)
        -> String
    {
        guard let last = try await context.episodesToContinue(latestOnly: true).first else {
            context.console.fail(
                "Nothing to continue: no episode is started and unfinished. Name one: `cocoacasts watch ID` or "
                    + "`cocoacasts watch WORDS`.")
            throw .usage
        }
        let where_ = fromStart ? "from the start" : "at \(VideoDuration.format(seconds: last.cursor))"
        let which =
            last.watchedAt == nil
            ? "the newest episode you started and did not finish" : "the one you watched last and did not finish"
        context.notice(
            "continuing episode \(last.episode.id), “\(TerminalText.sanitized(last.episode.title))”, \(where_): "
                + "\(which).")
        return last.episode.videoID
    }

    /// Records that `videoID` is played now; a history that cannot be written is said, and
    /// the playback goes on (only the order of `continue` depends on it).
    @MainActor static func record(_ videoID: String, in history: any WatchHistory, context: CommandContext) async {
        do throws(StoreError) {
            try await history.recordWatched(videoID: videoID, at: Date())
        } catch {
            context.notice(error.historyMessage + " The playback goes on.")
        }
    }

    /// Up next over the catalogue; `nil` when it cannot be read (which is said).
    @MainActor static func upNext(autoplay: Bool, in context: CommandContext) async -> UpNextViewModel? {
        let episodes = EpisodesViewModel(apiService: context.services.api)
        await episodes.fetchEpisodes()
        if case .failed(_, let failure, _) = episodes.state {
            _ = context.report(
                failure, on: .episodes, asking: .episodes, sentence: .instead("No next episode is played."))
            return nil
        }
        return UpNextViewModel(episodes: episodes.state.rows.map(\.episode), autoplay: autoplay)
    }

    /// What to play after `playback`, and whether from its start: asked on the terminal with a
    /// menu that counts down (see ``menu(_:context:)``), or the next at once with autoplay;
    /// `nil` to stop, said with how to go on; `interrupted` when Ctrl-C stopped it.
    @MainActor static func next(
        after playback: PlaybackViewModel, in upNext: UpNextViewModel, context: CommandContext
    ) -> (play: (episode: Episode, fromStart: Bool)?, interrupted: Bool) {
        upNext.playbackEnded(playback.state, videoID: playback.videoID)
        var interrupted = false
        if case .offering = upNext.state {
            let answer = menu(upNext, context: context)
            interrupted = answer == nil
            upNext.answer(answer ?? .stop)
        }
        switch upNext.state {
        case .next, .replay, .previous, .caughtUp, .declined, .lapsed:
            context.notice(Screens.upNext(upNext))
        case .idle, .stopped, .unlisted, .offering:
            break
        }
        return (upNext.toPlay, interrupted)
    }

    /// The episode offered, then under it the menu on standard error, drawn again each second
    /// with the seconds left, at the terminal's width of the moment; the key that answers it
    /// (Esc stops, as `q` does; other keys are passed over), or `nil` for Ctrl-C, read as a key
    /// so that what stopped can be said. The terminal's modes are put back as they were.
    @MainActor private static func menu(_ upNext: UpNextViewModel, context: CommandContext) -> UpNextViewModel.Answer? {
        let console = context.console
        let offer = Screens.upNext(upNext, style: context.appearance.error).split(separator: "\n")[0]
        console.printError(
            console.errorTerminalColumns.map { TerminalText.fitted(String(offer), to: $0) } ?? String(offer))
        let deadline = ContinuousClock.now + .seconds(UpNextViewModel.offerSeconds)
        let answer = TerminalKeys.reading(signalKeys: true) { keys -> UpNextViewModel.Answer? in
            while true {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return .noAnswer }
                let seconds = Int(left.components.seconds) + (left.components.attoseconds > 0 ? 1 : 0)
                let width = max(10, (console.errorTerminalColumns ?? 80) - 1)
                console.writeError("\r\u{1B}[2K" + Screens.upNextMenu(upNext, secondsLeft: seconds, width: width))
                // Until the next whole second, so that the count stays on the clock.
                let wait = Int32(((left - .seconds(seconds - 1)) / .milliseconds(1)).rounded(.up))
                switch keys.next(within: max(1, wait)) {
                case .enter: return .next
                case .character("r"), .character("R"): return .replay
                case .character("p") where upNext.previousEpisode != nil,
                    .character("P") where upNext.previousEpisode != nil:
                    return .previous
                case .character("q"), .character("Q"), .escape, .end: return .stop
                case .interrupt: return nil
                case .timeout, .up, .down, .backspace, .other, .character: continue
                }
            }
        }
        console.printError("")
        return answer ?? .stop
    }
}
