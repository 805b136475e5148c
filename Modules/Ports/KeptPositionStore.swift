import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A position the server has not taken yet, when the viewer reached it, and the server's
/// position it follows.
public struct KeptPosition: Codable, Equatable, Sendable {
    /// The video and the position.
    public var progress: VideoProgress
    /// When playback was there: of two kept positions of one video the later wins.
    public var recordedAt: Date
    /// The server's position when this machine last saw it, which this one follows: when the
    /// server holds another by the time it is sent, another device moved it since, and the newer
    /// one stays. `nil` when none was seen (or an earlier release kept it): it is sent as it is.
    public var basedOn: SeenPosition?

    public init(progress: VideoProgress, recordedAt: Date, basedOn: SeenPosition? = nil) {
        self.progress = progress
        self.recordedAt = recordedAt
        self.basedOn = basedOn
    }
}

/// A position of a video as the server held it, and when this machine saw it so.
public struct SeenPosition: Codable, Equatable, Sendable {
    public var cursor: Int
    public var seenAt: Date

    public init(cursor: Int, seenAt: Date) {
        self.cursor = cursor
        self.seenAt = seenAt
    }
}

/// Positions that could not be saved (the server unreachable or failing), kept on this
/// machine until a later request reaches the server: a position is never lost.
///
/// One kept-position store holds one server's and one account's positions, at most one per video.
public protocol KeptPositionStore: Sendable {
    /// Keeps `position`, unless a position of the same video recorded later is kept already.
    func keep(_ position: KeptPosition) async throws(StoreError)
    /// Every position kept, oldest first.
    func kept() async throws(StoreError) -> [KeptPosition]
    /// Forgets `position` once the server took it, with any position of the video recorded
    /// before it (obsolete once the server holds a later one); a position of the same video
    /// recorded later, kept since, stays.
    func remove(_ position: KeptPosition) async throws(StoreError)
    /// Forgets whatever is kept for video `id` (its progress was set or deleted by hand).
    func forget(videoID id: String) async throws(StoreError)
}
