import Domain
import Stubs

/// Every preview: each screen in each state its view-model can be in, and each message
/// a failure can show there.
enum Previews {
    /// All previews, screen by screen, in the order the gallery shows them.
    static let previews: [Preview] =
        episodesList + episodeDetail + signIn + video + progress + playback + profile + download
        + continueWatching + upNext + sync

    /// The state the episode detail shows: `EpisodeViewModel` is a plain value with no
    /// `State`, so its one preview is the episode, loaded.
    static let episodeDetailState = "loaded"

    /// The e-mail address and password a user types in the sign-in previews: the demo
    /// account of the mock API.
    static let demoCredentials = (email: "demo@cocoacasts.com", password: "cocoacasts")

    /// The preview called `name`, if there is one.
    static func preview(named name: String) -> Preview? {
        previews.first { $0.name == name }
    }

    /// The video the video and progress previews show: the first episode's, as on the
    /// detail screen.
    static func featuredVideoID(in content: PreviewContent) -> String {
        content.episodes.first?.videoID ?? content.progress.videoID
    }
}
