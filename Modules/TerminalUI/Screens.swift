import Domain
import Presentation

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What each screen of the app looks like in a terminal, in every state of its
/// view-model: shared by the CLI and the preview harness.
@MainActor
public enum Screens {
    /// The episodes list, its table `width` cells wide.
    public static func episodes(
        _ model: EpisodesViewModel, width: Int = EpisodeTable.width, style: TerminalStyle = .plain
    ) -> String {
        switch model.state {
        case .idle: style.dim("No episodes fetched yet.")
        case .loading: busy("Fetching episodes…", style)
        case .loaded(let rows): EpisodeTable.render(rows, width: width, style: style)
        case .empty: "There are no episodes yet."
        case .offline(let rows, _, let message):
            style.dim(message) + "\n"
                + (rows.isEmpty ? "There are no episodes yet." : EpisodeTable.render(rows, width: width, style: style))
        case .failed(let message, let failed, _): failure(message, failed, .episodes, style)
        }
    }

    /// One episode's details, its excerpt wrapped to `width` cells.
    public static func episode(
        _ model: EpisodeViewModel, width: Int = EpisodeTable.width, style: TerminalStyle = .plain
    ) -> String {
        let excerpt = TerminalText.wrapped(TerminalText.sanitized(model.excerpt), to: width)
        return
            ([
                style.bold(TerminalText.sanitized(model.title)),
                "Episode \(model.id) \(style.separator) \(model.duration) \(style.separator) video \(TerminalText.sanitized(model.videoID))",
                "",
            ] + excerpt).joined(separator: "\n")
    }

    /// The sign-in form.
    public static func signIn(_ model: SignInViewModel, style: TerminalStyle = .plain) -> String {
        let email = TerminalText.sanitized(model.email)
        switch model.state {
        case .editing, .ready:
            let form = [
                style.bold("Sign in"), "  E-mail:   \(email.isEmpty ? style.dim("(empty)") : email)",
                "  Password: \(model.password.isEmpty ? style.dim("(empty)") : String(repeating: style.bullet, count: 8))",
            ]
            let hint = model.state == .ready ? "Ready to sign in." : "Enter a valid e-mail address and a password."
            return (form + [style.dim(hint)]).joined(separator: "\n")
        case .signingIn: return busy("Signing in as \(email)…", style)
        case .failed(let message, let failed, _): return failure(message, failed, .signIn, style)
        case .signedIn: return style.success(style.check) + " Signed in as \(email)."
        }
    }

    /// A protected video.
    public static func video(_ model: VideoViewModel, style: TerminalStyle = .plain) -> String {
        switch model.state {
        case .idle: style.dim("No video fetched yet.")
        case .loading: busy("Fetching the video…", style)
        case .loaded(let video):
            [
                style.bold("Video \(TerminalText.sanitized(model.videoID))"),
                "  Duration: \(VideoDuration.format(seconds: video.duration))",
                "  Stream:   \(TerminalText.sanitized(video.videoURL.absoluteString))",
                "  Poster:   \(TerminalText.sanitized(video.imageURL.absoluteString))",
            ].joined(separator: "\n")
        case .failed(let message, let failed, _): failure(message, failed, .video, style)
        }
    }

    /// A video's progress; `duration`, the video's length when it is known, lets it say
    /// "finished" at the end.
    public static func progress(_ model: VideoProgressViewModel, duration: Int? = nil, style: TerminalStyle = .plain)
        -> String
    {
        let video = TerminalText.sanitized(model.videoID)
        switch model.state {
        case .idle: return style.dim("No progress fetched yet.")
        case .loading: return busy("Syncing the progress of video \(video)…", style)
        case .loaded(let progress) where progress.cursor == 0: return "Video \(video): not started."
        case .loaded(let progress)
        where duration.map({ $0 > 0 && PlaybackViewModel.isFinished(progress.cursor, duration: $0) }) == true:
            let at = VideoDuration.format(seconds: progress.cursor)
            guard let duration, progress.cursor < duration else { return "Video \(video): finished (\(at))." }
            return "Video \(video): finished (\(at) of \(VideoDuration.format(seconds: duration)); "
                + "\(PlaybackViewModel.finishedRule))."
        case .loaded(let progress):
            return
                "Video \(video): watched up to \(VideoDuration.format(seconds: progress.cursor)) (\(progress.cursor) s)."
        case .failed(let message, let failed, _): return failure(message, failed, .progress, style)
        }
    }

    /// The profile: signed in or out, or why the token store cannot tell.
    public static func profile(_ model: ProfileViewModel, style: TerminalStyle = .plain) -> String {
        switch model.state {
        case .checking: busy("Checking whether you are signed in…", style)
        case .signedIn: style.success(style.check) + " Signed in."
        case .signedOut: "Signed out."
        case .storeUnreadable(let message), .signOutFailed(let message): failure(message, nil, .signIn, style)
        }
    }

    /// A failure as the CLI tells it (see ``FailureText``): what happened and the next step,
    /// then the screen's sentence — kept here where the CLI leaves it out as misleading (the
    /// series' "You need to have a network connection."), as the screen is what a preview
    /// shows. A store's failure on the profile is its own sentence.
    static func failure(
        _ message: String, _ failure: ScreenFailure?, _ context: APIErrorMapper.Context, _ style: TerminalStyle
    ) -> String {
        var lines = failure.map { FailureText($0, context: context).lines } ?? []
        if !lines.contains(message) { lines.append(message) }
        return style.failure(style.cross) + " "
            + lines.map { TerminalText.sanitized($0) }.joined(separator: "\n  ")
    }

    /// Work under way: the spinner's first frame and `label`.
    static func busy(_ label: String, _ style: TerminalStyle) -> String {
        style.spinnerFrames[0] + " " + style.ellipsized(label)
    }
}
