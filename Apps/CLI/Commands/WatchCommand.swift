import Domain
import Observation
import Ports
import Presentation
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `cocoacasts watch [EPISODE|VIDEO|WORDS]`: plays the video in mpv (or the player given) from
/// where the viewer left off, and saves the position while it plays and when it ends; with
/// nothing named, the episode watched last and not finished (see ``ContinueCommand``).
///
/// An episode played to its end leads to the next one (the one published after it): on a
/// terminal `watch` asks, and `--autoplay` plays on without asking until the list ends or the
/// viewer stops. Every playback is recorded in the watch history `continue` orders by.
///
/// Ctrl-C, SIGTERM or SIGHUP stops the player, saves the last position, then ends 130, 143
/// or 129; a second one kills the player and keeps the position on this machine at once (see
/// ``Interruption``). A position the server cannot take is kept on this machine and sent by
/// the next command that reaches the server. The player receives the stream URL alone: no token.
struct WatchCommand: ServiceCommand, Equatable {
    static let fromStart = CommandLineParser.Option(
        name: "--from-start", valueName: nil, summary: "start at 0:00, not where you left off")
    static let stream = CommandLineParser.Option(
        name: "--stream", valueName: nil, summary: "stream it even when a copy is on this machine")
    static let autoplay = CommandLineParser.Option(
        name: "--autoplay", valueName: nil, summary: "at the end of an episode, play the next one without asking")
    static let spec = CommandLineParser.CommandSpec(
        name: "watch", aliases: ["play"], arguments: ["[id or words...]"],
        options: [fromStart, stream, autoplay, ConfigKey.player.option],
        summary: "Watch a video from where you left off, saving your place (needs sign-in)",
        examples: [
            ("cocoacasts watch 556", "play episode 556 in mpv, from where you stopped"),
            ("cocoacasts watch", "the episode you watched last and did not finish"),
            ("cocoacasts watch 556 --from-start", "from the beginning"),
            ("cocoacasts watch caching images on disk", "the episode those words name"),
            ("cocoacasts watch 556 --autoplay", "then the next episodes, without asking"),
            ("cocoacasts watch 556 --player 'vlc --play-and-exit'", "in another player (no position is saved)"),
        ])

    /// The episode's id, video id or words; empty for the episode watched last.
    let reference: String
    let fromStart: Bool
    var streams = false
    var autoplays = false

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) -> Self {
        Self(
            reference: arguments.joined(separator: " "), fromStart: parsed.has(Self.fromStart),
            streams: parsed.has(Self.stream), autoplays: parsed.has(Self.autoplay))
    }

    func run(_ context: CommandContext) async throws(ExitCode) -> ExitCode {
        let console = context.console
        let player: any MediaPlayer
        do throws(PlayerError) {
            guard let found = try context.services.player(console.isTerminalInput) else {
                let key = ConfigKey.player
                console.fail(
                    "No player was found: install mpv (apt-get install mpv), which saves where you stop, "
                        + "or name one with \(key.flag) \(key.option.valueName ?? "") (or \(key.variable), or config set "
                        + "\(key.rawValue)).")
                return .noPlayer
            }
            player = found
        } catch {
            console.fail("The player cannot be used: \(error).")
            return .noPlayer
        }
        await context.deliverKeptPositions()
        var videoID =
            try await reference.isEmpty
            ? Self.lastUnfinished(fromStart: fromStart, in: context)
            : context.resolve(reference, on: .video, needingTheEpisode: false).id
        let keptPositions: any KeptPositionStore
        let history: any WatchHistory
        do throws(StoreError) {
            keptPositions = try await context.keptPositionStore()
            history = try await context.watchHistory()
        } catch {
            console.fail(error.description)
            return .localState
        }
        var upNext: UpNextViewModel?
        var startsOver = fromStart
        while true {
            await Self.record(videoID, in: history, context: context)
            let (model, status) = await play(
                videoID, fromStart: startsOver, player: player, keptPositions: keptPositions, history: history,
                in: context)
            // Only an end leads on, and only with autoplay or someone at a terminal to ask.
            guard status == .success, !Task.isCancelled, UpNextViewModel.reachedTheEnd(model.state),
                autoplays || (console.isTerminalInput && console.isErrorTerminal)
            else { return status }
            if upNext == nil { upNext = await Self.upNext(autoplay: autoplays, in: context) }
            guard !Task.isCancelled else { return .interrupted }  // a signal while the catalogue was read
            guard let upNext else { return status }
            let (play, interrupted) = Self.next(after: model, in: upNext, context: context)
            guard let next = play else { return interrupted ? .interrupted : status }
            videoID = next.episode.videoID
            startsOver = next.fromStart
        }
    }

    /// Plays video `videoID` to its end, or until stopped, and says how it ended: the
    /// playback as it ended, and the status that ending calls for.
    @MainActor private func play(
        _ videoID: String, fromStart: Bool, player: any MediaPlayer, keptPositions: any KeptPositionStore,
        history: any WatchHistory, in context: CommandContext
    ) async -> (PlaybackViewModel, ExitCode) {
        let (api, localCopy) = await api(for: videoID, in: context)
        let model = PlaybackViewModel(
            videoID: videoID, apiService: api, player: player, keptPositions: keptPositions, history: history,
            localCopy: localCopy)
        Self.announceThePlayback(of: model, in: context)
        // Until the end is said: a second signal after the last save still says what became of it.
        let status = await Interruption.shared.onQuitAtOnce({ await Self.keepThePositionNow(of: model, in: context) }) {
            await model.watch(fromStart: fromStart)
            if let problem = model.historyProblem {
                context.notice(problem.historyMessage)
            }
            // A signal noted (the handler's own record) before the main queue cancelled the task
            // still ended this playback: on a loaded machine the player may quit on it first.
            let signalled = Task.isCancelled || Interruption.shared.receivedSignal != nil
            return Self.finish(model, videoID: videoID, interrupted: signalled, in: context)
        }
        return (model, status)
    }

    /// The API the playback uses: the server's, or, when the video is copied to this machine
    /// whole and `--stream` was not given, one whose video is the copy (said once). A copy that
    /// is partial or damaged is not played: the video streams, and that is said with why.
    @MainActor private func api(for videoID: String, in context: CommandContext) async
        -> (any APIService, localCopy: URL?)
    {
        let api = context.services.api
        guard !streams, let copy = await Self.copy(of: videoID, in: context),
            // A copy of another server's video (the mock's, say) is not this one's, though the ids agree.
            copy.metadata["server"] == context.services.server
        else { return (api, nil) }
        guard copy.isComplete, let duration = copy.duration else {
            let why =
                switch copy.state {
                case .partial(let done, let parts, _): "partial (\(done) of \(parts) parts)"
                case .damaged(let problems):
                    "damaged (\(problems.first.map { "\($0.part): \($0.words)" } ?? "it cannot be read"))"
                case .complete: "of unknown length"
                }
            context.notice(
                "the copy on this machine is \(TerminalText.sanitized(why)), so the video is streamed; "
                    + "`cocoacasts download \(videoID)` completes the copy.")
            return (api, nil)
        }
        context.notice("playing the copy on this machine (\(copy.quality ?? "")); --stream plays it from the server.")
        let video = Video(duration: duration, videoURL: copy.playable, imageURL: copy.playable)
        return (LocalCopyAPI(api: api, copy: video), copy.playable)
    }

    /// Video `videoID`'s copy, when there is one; copies that cannot be read are said, and the video streams.
    @MainActor private static func copy(of videoID: String, in context: CommandContext) async -> LocalCopy? {
        do throws(DownloadError) {
            return try await context.services.downloader.copy(of: videoID, verifying: false)
        } catch {
            context.notice("the copies on this machine cannot be read (\(error)), so the video is streamed.")
            return nil
        }
    }

    /// A second signal's last words: the position kept on this machine, said in one line, on
    /// a line of its own after the player's status line and the terminal's "^C" — on standard
    /// error when it could not be kept.
    @MainActor private static func keepThePositionNow(of model: PlaybackViewModel, in context: CommandContext) async {
        let console = context.console
        let outcome = await model.keepThePositionNow()
        if console.isOutputTerminal { console.print("") }
        let line = Screens.quitAtOnce(outcome, videoID: model.videoID, player: model.playerName)
        if case .lost = outcome { console.fail(line) } else { console.say(line) }
    }

    /// Says on standard error, once, when playback begins and where; the player draws its own
    /// progress on the terminal, so nothing more is drawn while it plays. Follows the state
    /// from change to change, and stops following once it passed playing.
    @MainActor private static func announceThePlayback(of model: PlaybackViewModel, in context: CommandContext) {
        withObservationTracking {
            _ = model.state
        } onChange: {
            Task { @MainActor in
                switch model.state {
                case .idle, .loading:
                    announceThePlayback(of: model, in: context)
                case .playing(let playhead):
                    if let why = Screens.whereItStarts(model, playhead, now: Date()) {
                        context.notice(why)
                    }
                    let video = "video \(model.videoID) (\(VideoDuration.format(seconds: playhead.video.duration)))"
                    context.notice(
                        playhead.position == nil
                            ? "opening \(video) in \(model.playerName)."
                            : "opening \(video) in \(model.playerName) at \(VideoDuration.format(seconds: playhead.start)); "
                                + "Ctrl-C stops it and saves where you are.")
                case .saving, .finished, .failed:
                    break
                }
            }
        }
    }

    /// Prints how the watch ended and returns its status: 0 when it played or was stopped in
    /// the player; 130 or 143 when a signal stopped it (the position saved first); the cause's
    /// status when nothing could be fetched; 69 when the player could not be started; 1 when it
    /// failed while playing.
    @MainActor private static func finish(
        _ model: PlaybackViewModel, videoID: String, interrupted: Bool, in context: CommandContext
    ) -> ExitCode {
        let console = context.console
        switch model.state {
        case .failed(_, .video(let failure)):
            return context.report(failure, on: .video, asking: .video, about: videoID, subject: "video \(videoID)")
        case .failed(_, .progress(let failure)):
            return context.report(
                failure, on: .progress, asking: .progressForVideo, about: videoID, subject: "video \(videoID)")
        case .failed(let message, .player(let error)):
            console.fail(message)
            if case .notFound = error { console.fail(Screens.playerHint(model.playerName)) }
            return .noPlayer
        case .failed(let message, .playback(_, let playhead)):
            console.fail(message)
            console.fail(Screens.position(playhead, player: model.playerName))
            return .failure
        case .idle, .loading, .playing, .saving, .finished:
            console.printFitted(Screens.playback(model, style: context.style))
            return interrupted ? .interrupted : .success
        }
    }
}
