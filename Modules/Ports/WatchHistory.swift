import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What this machine remembers of the viewer's watching, so that "continue watching" can
/// put the most recently watched first and answer while the server cannot be reached: the
/// videos played, and the positions the server last gave.
///
/// The positions themselves live on the server (the viewer's other devices share them) and,
/// until it takes them, in the ``ProgressOutbox``; this is the order and a remembered copy.
public protocol WatchHistory: Sendable {
    /// Records that video `videoID` was played at `date`: it moves to the front, and the oldest
    /// records past the history's bound are forgotten.
    func recordWatched(videoID: String, at date: Date) async throws(StoreError)
    /// The videos played, the most recent first, each once.
    func watched() async throws(StoreError) -> [WatchedVideo]
    /// Remembers the positions the server gave, replacing those remembered before.
    func remember(_ positions: RememberedPositions) async throws(StoreError)
    /// The positions last remembered, or `nil` when none were.
    func rememberedPositions() async throws(StoreError) -> RememberedPositions?
}

/// A video played on this machine, and when.
public struct WatchedVideo: Equatable, Sendable {
    public let videoID: String
    public let watchedAt: Date

    public init(videoID: String, watchedAt: Date) {
        self.videoID = videoID
        self.watchedAt = watchedAt
    }
}

/// The positions the server gave for the videos started (a video at 0:00 is not listed), and
/// when it gave them.
public struct RememberedPositions: Equatable, Sendable {
    /// Each started video's position in seconds, by video id.
    public let cursors: [String: Int]
    public let checkedAt: Date

    public init(cursors: [String: Int], checkedAt: Date) {
        self.cursors = cursors
        self.checkedAt = checkedAt
    }
}
