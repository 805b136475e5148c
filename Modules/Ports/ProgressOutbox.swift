import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A position the server has not taken yet, and when the viewer reached it.
public struct PendingProgress: Codable, Equatable, Sendable {
    /// The video and the position.
    public var progress: VideoProgress
    /// When playback was there: of two pending positions of one video the later wins.
    public var recordedAt: Date

    public init(progress: VideoProgress, recordedAt: Date) {
        self.progress = progress
        self.recordedAt = recordedAt
    }
}

/// Positions that could not be saved (the server unreachable or failing), kept on this
/// machine until a later request reaches the server: a position is never lost.
///
/// One outbox holds one server's and one account's positions, at most one per video.
public protocol ProgressOutbox: Sendable {
    /// Keeps `pending`, unless a position of the same video recorded later is kept already.
    func keep(_ pending: PendingProgress) async throws(StoreError)
    /// Every position kept, oldest first.
    func pending() async throws(StoreError) -> [PendingProgress]
    /// Forgets `pending` once the server took it, with any position of the video recorded
    /// before it (obsolete once the server holds a later one); a position of the same video
    /// recorded later, kept since, stays.
    func remove(_ pending: PendingProgress) async throws(StoreError)
    /// Forgets whatever is kept for video `id` (its progress was set or deleted by hand).
    func forget(videoID id: String) async throws(StoreError)
}
