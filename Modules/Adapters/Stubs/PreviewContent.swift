import Domain
import Foundation

/// The data previews show: the Cocoacasts series' fixtures.
public struct PreviewContent: Sendable, Equatable {
    /// The episodes list (`episodes.json`).
    public var episodes: [Episode]
    /// A video (`video.json`).
    public var video: Video
    /// A token pair (`auth-success.json`).
    public var tokens: TokenPair
    /// A video's progress (`video-progress.json`).
    public var progress: VideoProgress
    /// The answer to saving progress (`update-progress-for-video.json`).
    public var updatedProgress: VideoProgress

    public init(
        episodes: [Episode], video: Video, tokens: TokenPair, progress: VideoProgress,
        updatedProgress: VideoProgress
    ) {
        self.episodes = episodes
        self.video = video
        self.tokens = tokens
        self.progress = progress
        self.updatedProgress = updatedProgress
    }

    /// Loads every fixture from `bundle`.
    public init(bundle: Bundle) throws(PreviewFixtureError) {
        episodes = try Self.load("episodes", from: bundle)
        video = try Self.load("video", from: bundle)
        tokens = try Self.load("auth-success", from: bundle)
        progress = try Self.load("video-progress", from: bundle)
        updatedProgress = try Self.load("update-progress-for-video", from: bundle)
    }

    private static func load<T: Decodable>(_ name: String, from bundle: Bundle) throws(PreviewFixtureError) -> T {
        guard let url = bundle.url(forResource: name, withExtension: "json") else {
            throw .missingResource("\(name).json")
        }
        guard let data = try? Data(contentsOf: url), let value = try? JSONDecoder().decode(T.self, from: data) else {
            throw .invalidResource("\(name).json")
        }
        return value
    }
}
