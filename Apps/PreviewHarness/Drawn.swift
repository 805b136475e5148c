import Presentation
import TerminalUI

/// A view-model a preview draws: its screen as `Screens` draws it, exactly as the CLI
/// prints it, and what its state says of itself.
@MainActor
protocol Drawn: Sendable {
    associatedtype State
    /// What the screen shows.
    var state: State { get }
    /// The screen, drawn by the `Screens` function of the same name.
    func screen(style: TerminalStyle) -> String
    /// The state in words and its kind, each from an exhaustive `switch` over the state, and
    /// its message when it is a failure.
    var label: Label { get }
    /// What sets the state apart within its case (see ``Preview/Rendering/detail``).
    var detail: String? { get }
}

/// A state in words, its kind, and its message when it is a failure.
typealias Label = (title: String, kind: StateLabel.Kind, message: String?)

extension Drawn {
    var detail: String? { nil }

    /// The screen drawn in `style`, with what the state says of itself.
    func rendering(style: TerminalStyle) -> Preview.Rendering {
        let (title, kind, message) = label
        return Preview.Rendering(
            text: screen(style: style), state: caseName(of: state), label: StateLabel(title: title, kind: kind),
            message: message, detail: detail)
    }
}

extension EpisodesViewModel: Drawn {
    func screen(style: TerminalStyle) -> String { Screens.episodes(self, style: style) }

    var label: Label {
        switch state {
        case .idle: ("Idle", .idle, nil)
        case .loading: ("Loading", .progress, nil)
        case .loaded: ("Loaded", .success, nil)
        case .empty: ("Empty", .idle, nil)
        case .offline: ("Offline, saved list", .stale, nil)
        case .failed(let message, _, _): ("Failed", .failure, message)
        }
    }
}

extension EpisodeViewModel: Drawn {
    /// The one state of a screen without a `State`.
    var state: String { Previews.episodeDetailState }
    func screen(style: TerminalStyle) -> String { Screens.episode(self, style: style) }
    var label: Label { ("Loaded", .success, nil) }
}

extension SignInViewModel: Drawn {
    func screen(style: TerminalStyle) -> String { Screens.signIn(self, style: style) }

    var label: Label {
        switch state {
        case .editing: ("Editing", .idle, nil)
        case .ready: ("Ready", .idle, nil)
        case .signingIn: ("Signing in", .progress, nil)
        case .failed(let message, _, _): ("Failed", .failure, message)
        case .signedIn: ("Signed in", .success, nil)
        }
    }
}

extension LoadState {
    /// The label of a screen that loads one value.
    var label: Label {
        switch self {
        case .idle: ("Idle", .idle, nil)
        case .loading: ("Loading", .progress, nil)
        case .loaded: ("Loaded", .success, nil)
        case .failed(let message, _, _): ("Failed", .failure, message)
        }
    }
}

extension VideoViewModel: Drawn {
    func screen(style: TerminalStyle) -> String { Screens.video(self, style: style) }
    var label: Label { state.label }
}

extension VideoProgressViewModel: Drawn {
    func screen(style: TerminalStyle) -> String { Screens.progress(self, style: style) }
    var label: Label { state.label }
}

extension PlaybackViewModel: Drawn {
    func screen(style: TerminalStyle) -> String { Screens.playback(self, style: style) }

    var label: Label {
        switch state {
        case .idle: ("Idle", .idle, nil)
        case .loading: ("Loading", .progress, nil)
        case .playing(let playhead): Self.label("Playing", playhead)
        case .saving: ("Saving", .progress, nil)
        case .finished(.atTheEnd, let playhead): Self.label("Finished", playhead)
        case .finished(.stopped, let playhead): Self.label("Stopped", playhead)
        case .failed(let message, _): ("Failed", .failure, message)
        }
    }

    /// The fate of the position, or the cause of the failure.
    var detail: String? {
        switch state {
        case .idle, .loading: nil
        case .playing(let playhead), .saving(let playhead), .finished(_, let playhead): caseName(of: playhead.sync)
        case .failed(_, let cause): caseName(of: cause)
        }
    }

    /// `title`, and what became of the position: a position the server does not have yet
    /// is stale, as a saved list shown offline is.
    private static func label(_ title: String, _ playhead: Playhead) -> Label {
        switch playhead.sync {
        case .saved: (title, .success, nil)
        case .untracked: ("\(title), position unknown", .success, nil)
        case .kept: ("\(title), position kept to send", .stale, nil)
        case .lost: ("\(title), position lost", .stale, nil)
        case .stale: ("\(title), an old position kept", .stale, nil)
        }
    }
}

extension ProfileViewModel: Drawn {
    func screen(style: TerminalStyle) -> String { Screens.profile(self, style: style) }

    var label: Label {
        switch state {
        case .checking: ("Checking", .progress, nil)
        case .signedIn: ("Signed in", .success, nil)
        case .signedOut: ("Signed out", .idle, nil)
        case .storeUnreadable(let message): ("Token store unreadable", .failure, message)
        case .signOutFailed(let message): ("Sign-out failed", .failure, message)
        }
    }
}

extension DownloadViewModel: Drawn {
    func screen(style: TerminalStyle) -> String { Screens.download(self, style: style) }

    var label: Label {
        switch state {
        case .waiting: ("Waiting", .idle, nil)
        case .downloading: ("Downloading", .progress, nil)
        case .interrupted: ("Stopped, resumable", .stale, nil)
        case .failed(let message, _, _): ("Failed, resumable", .failure, message)
        case .complete: ("Complete", .success, nil)
        }
    }

    /// The cause of the failure.
    var detail: String? {
        if case .failed(_, let cause, _) = state { caseName(of: cause) } else { nil }
    }
}

extension ContinueWatchingViewModel: Drawn {
    func screen(style: TerminalStyle) -> String { Screens.continueWatching(self, style: style) }

    var label: Label {
        switch state {
        case .idle: ("Idle", .idle, nil)
        case .loading: ("Loading", .progress, nil)
        case .loaded(let items): (items.isEmpty ? "Nothing started" : "Loaded", .success, nil)
        case .offline: ("Offline, remembered", .stale, nil)
        case .failed(let message, _): ("Failed", .failure, message)
        }
    }
}

extension UpNextViewModel: Drawn {
    func screen(style: TerminalStyle) -> String { Screens.upNext(self, style: style) }

    var label: Label {
        switch state {
        case .idle: ("Idle", .idle, nil)
        case .stopped: ("Stopped short", .idle, nil)
        case .caughtUp: ("Caught up", .success, nil)
        case .unlisted: ("Not in the catalogue", .idle, nil)
        case .offering: ("Asking", .progress, nil)
        case .next: ("Playing next", .success, nil)
        case .replay: ("Playing again", .success, nil)
        case .previous: ("Playing the previous", .success, nil)
        case .declined: ("Declined", .idle, nil)
        case .lapsed: ("Lapsed", .idle, nil)
        }
    }
}

extension SyncViewModel: Drawn {
    func screen(style: TerminalStyle) -> String { Screens.sync(self, style: style) }

    var label: Label {
        switch state {
        case .idle: ("Idle", .idle, nil)
        case .planning: ("Planning", .progress, nil)
        case .planned: ("Planned", .idle, nil)
        case .syncing: ("Syncing", .progress, nil)
        case .done(let report) where !report.failed.isEmpty: ("Done, with failures", .stale, nil)
        case .done: ("Done", .success, nil)
        case .failed(let message, _): ("Failed, nothing changed", .failure, message)
        }
    }
}
