import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the episode list's rows and the episode detail screen show about one episode.
///
/// A struct rather than an `@Observable` class: an immutable display value computed from
/// one ``/Domain/Episode``, so there is nothing to observe, no work to cancel and no reason for
/// identity or main-actor isolation.
public struct EpisodeViewModel: Identifiable, Equatable, Sendable {
    /// The episode behind the row or screen.
    public let episode: Episode

    /// Creates the view-model of `episode`.
    public init(episode: Episode) {
        self.episode = episode
    }

    /// The episode's identifier.
    public var id: Int { episode.id }
    public var title: String { episode.title }
    public var excerpt: String { episode.excerpt }
    /// The video's length, formatted: `8:33`.
    public var duration: String { VideoDuration.format(seconds: episode.videoDuration) }
    /// The identifier of the episode's protected video, for ``VideoViewModel``.
    public var videoID: String { episode.videoID }
    /// The episode's artwork.
    public var imageURL: URL { episode.imageURL }
}
