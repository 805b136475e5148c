import Domain

/// What one row of the episodes list shows.
public struct EpisodeRowViewModel: Identifiable, Equatable, Sendable {
    /// The episode behind the row.
    public let episode: Episode

    /// Creates the row of `episode`.
    public init(episode: Episode) {
        self.episode = episode
    }

    /// The episode's identifier.
    public var id: Int { episode.id }
    /// The episode's title.
    public var title: String { episode.title }
    /// The episode's excerpt.
    public var excerpt: String { episode.excerpt }
    /// The video's length, formatted: `8:33`.
    public var duration: String { VideoDuration.format(seconds: episode.videoDuration) }
}
