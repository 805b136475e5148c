#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A protected video: where to stream it, how long it is and its poster image.
public struct Video: Codable, Equatable, Hashable, Sendable {
    /// The length of the video, in seconds.
    public let duration: Int
    /// The URL of the stream.
    public let videoURL: URL
    /// The poster image.
    public let imageURL: URL

    public init(duration: Int, videoURL: URL, imageURL: URL) {
        self.duration = duration
        self.videoURL = videoURL
        self.imageURL = imageURL
    }
}
