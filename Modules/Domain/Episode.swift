#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A screencast episode as the episodes endpoint returns it.
///
/// The JSON keys are exactly the API's: camelCase with upper-case acronyms
/// (`imageURL`, `videoID`), so a plain `JSONDecoder` decodes it.
public struct Episode: Codable, Equatable, Hashable, Identifiable, Sendable {
    /// The episode's identifier.
    public let id: Int
    public let title: String
    /// A short description of the episode.
    public let excerpt: String
    /// The episode's artwork.
    public let imageURL: URL
    /// The length of the episode's video, in seconds.
    public let videoDuration: Int
    /// The identifier of the protected video that belongs to the episode.
    public let videoID: String

    public init(id: Int, title: String, excerpt: String, imageURL: URL, videoDuration: Int, videoID: String) {
        self.id = id
        self.title = title
        self.excerpt = excerpt
        self.imageURL = imageURL
        self.videoDuration = videoDuration
        self.videoID = videoID
    }
}
