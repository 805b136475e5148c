import Presentation
import TerminalUI

extension Preview.Rendering {
    /// The episodes list as `Screens.episodes` draws it.
    @MainActor
    init(_ model: EpisodesViewModel, style: TerminalStyle) {
        self.init(
            text: Screens.episodes(model, style: style), state: model.state.kind.rawValue, message: model.errorMessage)
    }

    /// An episode's details as `Screens.episode` draws them; the screen has one state.
    @MainActor
    init(_ model: EpisodeViewModel, style: TerminalStyle) {
        self.init(text: Screens.episode(model, style: style), state: Catalogue.episodeDetailState, message: nil)
    }

    /// The sign-in form as `Screens.signIn` draws it.
    @MainActor
    init(_ model: SignInViewModel, style: TerminalStyle) {
        self.init(
            text: Screens.signIn(model, style: style), state: model.state.kind.rawValue, message: model.errorMessage)
    }

    /// A video as `Screens.video` draws it.
    @MainActor
    init(_ model: VideoViewModel, style: TerminalStyle) {
        self.init(
            text: Screens.video(model, style: style), state: model.state.kind.rawValue, message: model.errorMessage)
    }

    /// A video's progress as `Screens.progress` draws it.
    @MainActor
    init(_ model: VideoProgressViewModel, style: TerminalStyle) {
        self.init(
            text: Screens.progress(model, style: style), state: model.state.kind.rawValue, message: model.errorMessage)
    }

    /// The profile as `Screens.profile` draws it.
    @MainActor
    init(_ model: ProfileViewModel, style: TerminalStyle) {
        self.init(
            text: Screens.profile(model, style: style), state: model.state.kind.rawValue, message: model.errorMessage)
    }
}
