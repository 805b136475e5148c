import Domain
import Presentation

extension Screens {
    /// What `continue` says when nothing is started and unfinished.
    public static let nothingToContinue =
        "nothing to continue: no episode is started and unfinished. `cocoacasts watch ID` starts one."

    /// Continue watching, its table `width` cells wide.
    public static func continueWatching(
        _ model: ContinueWatchingViewModel, width: Int = EpisodeTable.width, style: TerminalStyle = .plain
    ) -> String {
        func table(_ items: [ContinueWatchingItem]) -> String {
            items.isEmpty
                ? "Nothing to continue: no episode is started and unfinished."
                : ContinueTable.render(items, width: width, style: style)
        }
        return switch model.state {
        case .idle: style.dim("Nothing read yet.")
        case .loading: busy("Finding where you left off…", style)
        case .loaded(let items): table(items)
        case .offline(let items, _, let message): style.dim(message) + "\n" + table(items)
        case .failed(let message, let failed): failure(message, failed, .progress, style)
        }
    }
}

extension Screens {
    /// The keys under the up-next line, redrawn as they count down, at most `width` cells:
    /// `in 9 s: Enter next, r replay, p previous, q stop. `, else `in 9 s (Enter/r/p/q) `.
    public static func upNextMenu(_ model: UpNextViewModel, secondsLeft: Int, width: Int) -> String {
        let previous = model.previousEpisode != nil
        let keys = ["Enter next", "r replay"] + (previous ? ["p previous"] : []) + ["q stop"]
        let full = "in \(secondsLeft) s: \(keys.joined(separator: ", ")). "
        if CellWidth.of(full) <= width { return full }
        return TerminalText.truncated("in \(secondsLeft) s (Enter/r/\(previous ? "p/" : "")q) ", to: width)
    }
}

extension Screens {
    /// What comes after a playback, in each state of up next.
    public static func upNext(_ model: UpNextViewModel, style: TerminalStyle = .plain) -> String {
        func named(_ episode: Episode) -> String { "episode \(episode.id), “\(TerminalText.sanitized(episode.title))”" }
        return switch model.state {
        case .idle: style.dim("Nothing played yet.")
        case .stopped: "Stopped before the end: nothing comes next."
        case .caughtUp: "That was the newest episode: nothing comes after it yet."
        case .unlisted: "That video is no episode of the catalogue: nothing comes next."
        case .offering(let episode):
            style.bold(
                "Up next: \(episode.id) “\(TerminalText.sanitized(episode.title))” "
                    + "(\(VideoDuration.format(seconds: episode.videoDuration))).")
                + "\n" + upNextMenu(model, secondsLeft: UpNextViewModel.offerSeconds, width: EpisodeTable.width)
        case .next(let episode): "Next: \(named(episode))."
        case .replay(let episode): "Again: \(named(episode)), from the start."
        case .previous(let episode): "Previous: \(named(episode))."
        case .declined(let episode): "Not played: \(named(episode)). `cocoacasts watch \(episode.id)` plays it."
        case .lapsed(let episode):
            "No answer in \(UpNextViewModel.offerSeconds) s: nothing more is played. `cocoacasts watch \(episode.id)` "
                + "plays the next, “\(TerminalText.sanitized(episode.title))”."
        }
    }
}
