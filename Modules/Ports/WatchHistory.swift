import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What this machine remembers of the viewer's watching, so that "continue watching" can
/// put the most recently watched first and answer while the server cannot be reached: the
/// videos played, and the positions the server gave or took, with when.
///
/// The positions themselves live on the server (the viewer's other devices share them) and,
/// until it takes them, in the ``KeptPositionStore``; this is the order and a remembered copy.
public protocol WatchHistory: Sendable {
    /// Records that video `videoID` was played at `date`: it moves to the front, and the oldest
    /// records past the history's bound are forgotten.
    func recordWatched(videoID: String, at date: Date) async throws(StoreError)
    /// The videos played, the most recent first, each once.
    func watched() async throws(StoreError) -> [WatchedVideo]
    /// Remembers the positions the server gave, replacing those remembered before.
    func remember(_ positions: RememberedPositions) async throws(StoreError)
    /// The positions last remembered, or `nil` when none were: the latest list's, each overlaid
    /// by a position of the video remembered since (``remember(_:of:savedHere:)``).
    func rememberedPositions() async throws(StoreError) -> RememberedPositions?
    /// Remembers one video's position as the server held it at `position.seenAt`: given when
    /// asked, or taken from this machine. An older one than the video's remembered is ignored.
    func remember(_ position: SeenPosition, of videoID: String, savedHere: Bool) async throws(StoreError)
    /// Video `videoID`'s latest position the server held, as far as this machine saw; `nil`
    /// when it saw none (a list of positions names the videos started, so a video it does not
    /// name is not known to be at 0:00).
    func serverPosition(of videoID: String) async throws(StoreError) -> RememberedPosition?
}

/// A position the server held, as this machine remembers it.
public struct RememberedPosition: Equatable, Sendable {
    public let position: SeenPosition
    /// Whether this machine saved it (else the server gave it, set by another device or an earlier save).
    public let savedHere: Bool

    public init(position: SeenPosition, savedHere: Bool) {
        self.position = position
        self.savedHere = savedHere
    }
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
