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
    /// The question after an episode played to its end, on one line that waits for a key:
    /// `Up next: 557 “Title” (6:10). Enter plays it, any other key stops (10 s). `
    private static func upNextQuestion(_ episode: Episode, seconds: Int, style: TerminalStyle) -> String {
        style.bold(
            "Up next: \(episode.id) “\(TerminalText.sanitized(episode.title))” "
                + "(\(VideoDuration.format(seconds: episode.videoDuration))).")
            // Unstyled to its end, where the cursor waits.
            + " Enter plays it, any other key stops (\(seconds) s). "
    }
}

extension Screens {
    /// What comes after a playback, in each state of up next.
    public static func upNext(_ model: UpNextViewModel, style: TerminalStyle = .plain) -> String {
        switch model.state {
        case .idle: style.dim("Nothing played yet.")
        case .stopped: "Stopped before the end: nothing comes next."
        case .caughtUp: "That was the newest episode: nothing comes after it yet."
        case .unlisted: "That video is no episode of the catalogue: nothing comes next."
        case .offering(let episode): upNextQuestion(episode, seconds: UpNextViewModel.offerSeconds, style: style)
        case .next(let episode): "Next: episode \(episode.id), “\(TerminalText.sanitized(episode.title))”."
        case .declined(let episode):
            "Not played: episode \(episode.id), “\(TerminalText.sanitized(episode.title))”. "
                + "`cocoacasts watch \(episode.id)` plays it."
        }
    }
}
