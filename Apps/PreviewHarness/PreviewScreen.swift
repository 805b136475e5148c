/// The app's screens, each drawn by the `Screens` function of the same name.
enum PreviewScreen: String, CaseIterable, Sendable {
    /// The episodes list (`EpisodesViewModel`).
    case episodes
    /// One episode's details (`EpisodeViewModel`).
    case episode
    /// The sign-in form (`SignInViewModel`).
    case signIn
    /// A protected video (`VideoViewModel`).
    case video
    /// A video's progress (`VideoProgressViewModel`).
    case progress
    /// Watching a video (`PlaybackViewModel`).
    case playback
    /// Signed in or out (`ProfileViewModel`).
    case profile
    /// A video being copied to this machine (`DownloadViewModel`).
    case download
    /// The episodes started and not finished (`ContinueWatchingViewModel`).
    case continueWatching = "continue"
    /// What comes after an episode played (`UpNextViewModel`).
    case upNext = "up-next"
    /// The next episodes kept ready, the finished ones cleared (`SyncViewModel`).
    case sync

    /// The screen's name for people.
    var title: String {
        switch self {
        case .episodes: "Episodes list"
        case .episode: "Episode detail"
        case .signIn: "Sign-in form"
        case .video: "Video"
        case .progress: "Video progress"
        case .playback: "Playback"
        case .profile: "Profile"
        case .download: "Download"
        case .continueWatching: "Continue watching"
        case .upNext: "Up next"
        case .sync: "Sync"
        }
    }
}
