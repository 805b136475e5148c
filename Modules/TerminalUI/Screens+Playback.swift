import Domain
import Ports
import Presentation

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Screens {
    /// Watching a video: fetching, playing with what the server holds, saving at the end,
    /// how it ended, or why nothing plays. The second line always says what became of the
    /// position: saved, kept on this machine, lost, or not tracked at all.
    public static func playback(_ model: PlaybackViewModel, style: TerminalStyle = .plain) -> String {
        let video = "video \(TerminalText.sanitized(model.videoID))"
        let player = TerminalText.sanitized(model.playerName)
        // `headline`, then what became of the position.
        func headed(_ headline: String, _ playhead: PlaybackViewModel.Playhead, by separator: String = "\n") -> String {
            headline + separator + position(playhead, player: player, style: style)
        }
        switch model.state {
        case .idle: return style.dim("Nothing played yet.")
        case .loading: return busy("Fetching \(video) and where you left off…", style)
        case .playing(let playhead):
            // A player that does not say where it is may not have started where it was asked to.
            let length = time(playhead.video.duration)
            return headed(
                playhead.position.map { "Playing \(video) in \(player): \(time($0)) of \(length)." }
                    ?? "Playing \(video) (\(length)) in \(player).", playhead)
        case .saving(let playhead):
            return busy("Saving where you stopped, \(time(playhead.position ?? playhead.start))…", style)
        case .finished(.atTheEnd, let playhead) where playhead.position == nil:
            // A player that reports nothing may only have handed the video on (xdg-open to a browser).
            return headed("\(player) is done with \(video) (\(time(playhead.video.duration))).", playhead)
        case .finished(.atTheEnd, let playhead):
            return headed(
                style.success(style.check) + " Finished \(video) (\(time(playhead.video.duration))).", playhead)
        case .finished(.stopped, let playhead):
            let length = time(playhead.video.duration)
            return headed(
                playhead.position.map { "Stopped \(video) at \(time($0)) of \(length)." } ?? "Stopped \(video).",
                playhead)
        case .failed(let message, .video(let failed)): return failure(message, failed, .video, style)
        case .failed(let message, .progress(let failed)): return failure(message, failed, .progress, style)
        case .failed(let message, .player): return failure(message, nil, .video, style) + "\n  " + playerHint(player)
        case .failed(let message, .playback(_, let playhead)):
            return headed(failure(message, nil, .video, style), playhead, by: "\n  ")
        }
    }

    /// The one line a watch ended at once (a second Ctrl-C) leaves: what became of the position.
    public static func quitAtOnce(_ outcome: PlaybackViewModel.QuitAtOnce, videoID: String, player: String) -> String {
        let stopped = "Stopped video \(TerminalText.sanitized(videoID)) at once"
        switch outcome {
        case .nothingPlayed: return "\(stopped), before it played."
        case .untracked:
            return
                "\(stopped); \(TerminalText.sanitized(player)) does not say where playback is, so no position is kept."
        case .saved(let position): return "\(stopped); saved at \(time(position))."
        case .kept(let position):
            return "\(stopped); \(time(position)) is kept on this machine, and the next command that reaches the "
                + "server sends it."
        case .lost(let position, let store):
            return "\(stopped); \(time(position)) could not be kept on this machine: "
                + TerminalText.sanitized(store.keptPositionsMessage)
        }
    }

    /// What to do when `player` could not be started.
    public static func playerHint(_ player: String) -> String {
        "Install or repair \(player), or name another player with --player."
    }

    /// What became of the position, in one line.
    public static func position(_ playhead: PlaybackViewModel.Playhead, player: String, style: TerminalStyle = .plain)
        -> String
    {
        switch playhead.sync {
        case .untracked:
            return style.dim("\(player) does not say where playback is, so the position is not saved.")
        case .saved:
            return "Saved at \(time(playhead.saved))."
        case .kept(let position, let error):
            return "\(time(position)) is kept on this machine until the server takes it. \(whyASaveFailed(error))"
        case .lost(let position, let error, let store):
            return style.failure(style.cross) + " \(time(position)) could not be saved, nor kept on this machine. "
                + "\(whyASaveFailed(error)) \(TerminalText.sanitized(store.keptPositionsMessage))"
        case .stale(let store):
            return "Saved at \(time(playhead.saved)), but an older position kept on this machine could not be "
                + "removed and may be sent later. \(TerminalText.sanitized(store.keptPositionsMessage))"
        }
    }

    /// Why a save of a position failed: its cause, or the progress screen's sentence when
    /// there is none.
    public static func whyASaveFailed(_ error: APIError) -> String {
        TerminalText.sanitized(
            error.cause?.description ?? APIErrorMapper(error: error, context: .progress).message ?? "It was cancelled.")
    }

    /// `2:04`.
    static func time(_ seconds: Int) -> String {
        VideoDuration.format(seconds: seconds)
    }
}

extension Screens {
    /// A kept position that was not sent because another device moved the server's since
    /// this machine last saw it: both positions and their ages, and which stays.
    public static func superseded(_ pending: KeptPosition, by server: VideoProgress, now: Date) -> String {
        let video = TerminalText.sanitized(pending.progress.videoID)
        let kept = time(pending.progress.cursor)
        let base = pending.basedOn.map {
            " after this machine last saw it at \(time($0.cursor)) (\(RelativeAge.phrase(from: $0.seenAt, to: now)))"
        }
        return "not sent \(kept) of video \(video), kept on this machine since "
            + "\(RelativeAge.phrase(from: pending.recordedAt, to: now)): another device saved \(time(server.cursor))"
            + "\(base ?? "") — \(time(server.cursor)) stays, the newer."
    }
}

extension Screens {
    /// Why playback of `playhead` starts where it does, when that needs saying: a copy played
    /// while the server cannot be reached (from which position known here, and how old), or the
    /// start of an episode already finished; `nil` otherwise.
    @MainActor
    public static func whereItStarts(_ model: PlaybackViewModel, _ playhead: PlaybackViewModel.Playhead, now: Date)
        -> String?
    {
        if let offline = model.offlineStart {
            let at = time(playhead.start)
            let cause =
                offline.unreachable.cause.map {
                    " (\(TerminalText.sanitized(String($0.description.trimmingSuffix(".")))))"
                } ?? ""
            let which: String =
                switch offline.source {
                case .keptHere(_, let when):
                    "where you stopped here \(RelativeAge.phrase(from: when, to: now)), not yet sent"
                case .server(_, let when, true):
                    "where you stopped here \(RelativeAge.phrase(from: when, to: now))"
                case .server(_, let when, false):
                    "where the server said you were \(RelativeAge.phrase(from: when, to: now))"
                case .nothingKnown: "as no position of it is known here"
                }
            let finished =
                playhead.start == 0 && offline.cursor > 0 ? ", the start, as \(time(offline.cursor)) is its end" : ""
            let unread =
                offline.problems.isEmpty
                ? ""
                : " (what cannot be read is not counted: \(offline.problems.map(\.description).joined(separator: "; ")))"
            return "the server cannot be reached\(cause): the copy starts at \(at)\(finished), \(which)\(unread)."
        }
        guard playhead.start == 0, playhead.saved > 0,
            PlaybackViewModel.isFinished(playhead.saved, duration: playhead.video.duration)
        else { return nil }
        return "starting at 0:00: you finished it (at \(time(playhead.saved)) of \(time(playhead.video.duration)); "
            + "\(PlaybackViewModel.finishedRule))."
    }
}

extension String {
    /// Without `suffix` at its end, once.
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self[...]
    }
}
