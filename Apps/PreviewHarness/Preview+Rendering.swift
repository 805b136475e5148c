import Presentation
import TerminalUI

extension Preview.Rendering {
    /// The episodes list as `Screens.episodes` draws it.
    @MainActor
    init(_ model: EpisodesViewModel, style: TerminalStyle) {
        let message: String? = if case .failed(let message, _, _) = model.state { message } else { nil }
        self.init(
            text: Screens.episodes(model, style: style), state: caseName(of: model.state), label: .init(model.state),
            message: message)
    }

    /// An episode's details as `Screens.episode` draws them; the screen has one state.
    @MainActor
    init(_ model: EpisodeViewModel, style: TerminalStyle) {
        self.init(
            text: Screens.episode(model, style: style), state: Previews.episodeDetailState,
            label: .episodeLoaded,
            message: nil)
    }

    /// The sign-in form as `Screens.signIn` draws it.
    @MainActor
    init(_ model: SignInViewModel, style: TerminalStyle) {
        let message: String? = if case .failed(let message, _, _) = model.state { message } else { nil }
        self.init(
            text: Screens.signIn(model, style: style), state: caseName(of: model.state), label: .init(model.state),
            message: message)
    }

    /// A video as `Screens.video` draws it.
    @MainActor
    init(_ model: VideoViewModel, style: TerminalStyle) {
        self.init(text: Screens.video(model, style: style), model.state)
    }

    /// A video's progress as `Screens.progress` draws it.
    @MainActor
    init(_ model: VideoProgressViewModel, style: TerminalStyle) {
        self.init(text: Screens.progress(model, style: style), model.state)
    }

    /// Watching a video as `Screens.playback` draws it.
    @MainActor
    init(_ model: PlaybackViewModel, style: TerminalStyle) {
        let (message, detail): (String?, String?) =
            switch model.state {
            case .idle, .loading: (nil, nil)
            case .playing(let playhead), .saving(let playhead), .finished(_, let playhead):
                (nil, caseName(of: playhead.sync))
            case .failed(let message, let cause): (message, caseName(of: cause))
            }
        self.init(
            text: Screens.playback(model, style: style), state: caseName(of: model.state), label: .init(model.state),
            message: message, detail: detail)
    }

    /// The profile as `Screens.profile` draws it.
    @MainActor
    init(_ model: ProfileViewModel, style: TerminalStyle) {
        let message: String? =
            switch model.state {
            case .storeUnreadable(let message), .signOutFailed(let message): message
            case .checking, .signedIn, .signedOut: nil
            }
        self.init(
            text: Screens.profile(model, style: style), state: caseName(of: model.state), label: .init(model.state),
            message: message)
    }

    /// A download as `Screens.download` draws it.
    @MainActor
    init(_ model: DownloadViewModel, style: TerminalStyle) {
        let (message, detail): (String?, String?) =
            if case .failed(let message, let cause, _) = model.state { (message, caseName(of: cause)) } else {
                (nil, nil)
            }
        self.init(
            text: Screens.download(model, style: style), state: caseName(of: model.state), label: .init(model.state),
            message: message, detail: detail)
    }

    /// Continue watching as `Screens.continueWatching` draws it.
    @MainActor
    init(_ model: ContinueWatchingViewModel, style: TerminalStyle) {
        let message: String? = if case .failed(let message, _) = model.state { message } else { nil }
        self.init(
            text: Screens.continueWatching(model, style: style), state: caseName(of: model.state),
            label: .init(model.state), message: message)
    }

    /// Up next as `Screens.upNext` draws it.
    @MainActor
    init(_ model: UpNextViewModel, style: TerminalStyle) {
        self.init(
            text: Screens.upNext(model, style: style), state: caseName(of: model.state), label: .init(model.state),
            message: nil)
    }

    /// `sync` as `Screens.sync` draws it.
    @MainActor
    init(_ model: SyncViewModel, style: TerminalStyle) {
        let message: String? = if case .failed(let message, _) = model.state { message } else { nil }
        self.init(
            text: Screens.sync(model, style: style), state: caseName(of: model.state), label: .init(model.state),
            message: message)
    }

    private init<Value>(text: String, _ state: LoadState<Value>) {
        let message: String? = if case .failed(let message, _, _) = state { message } else { nil }
        self.init(text: text, state: caseName(of: state), label: .init(state), message: message)
    }
}
