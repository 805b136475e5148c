/// How far the signed-in user has watched a video.
public struct VideoProgress: Codable, Equatable, Hashable, Sendable {
    /// The video the progress belongs to.
    public let videoID: String
    /// The playback position, in seconds (0 when the user has not started).
    public let cursor: Int

    public init(videoID: String, cursor: Int) {
        self.videoID = videoID
        self.cursor = cursor
    }
}
