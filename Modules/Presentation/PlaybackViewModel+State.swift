import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension PlaybackViewModel {
    /// Everything the playback screen can show.
    public enum State: Equatable, Sendable {
        /// Nothing played yet (or a stop came before playback started).
        case idle
        /// The video and its saved progress are being fetched, then the player started.
        case loading
        /// The player plays; the playhead says where, and what the server holds.
        case playing(Playhead)
        /// Playback ended; the last position is being saved (a save in flight is awaited first).
        case saving(Playhead)
        /// Playback ended, to the end or stopped, and the last position was saved or kept.
        case finished(Ending, Playhead)
        /// Nothing could be played, or the player failed; `message` is the screen's sentence.
        case failed(message: String, Cause)
    }

    /// Where playback of the video is, and what became of the positions it reported.
    public struct Playhead: Equatable, Sendable {
        /// The video played.
        public let video: Video
        /// Where playback started, in seconds (see ``PlaybackViewModel/startPosition(cursor:duration:fromStart:)``).
        public let start: Int
        /// Where playback is, in seconds: the last position the player reported, ``start``
        /// until it reports one; `nil` when the player reports no positions (``Sync/untracked``).
        public var position: Int?
        /// The position the server holds, as far as this playback knows: the cursor fetched
        /// before playing, then what each successful save answered.
        public var saved: Int
        /// What became of the last position due to be saved.
        public var sync: Sync

        public init(video: Video, start: Int, position: Int?, saved: Int, sync: Sync) {
            self.video = video
            self.start = start
            self.position = position
            self.saved = saved
            self.sync = sync
        }
    }

    /// What became of the last position due to be saved.
    public enum Sync: Equatable, Sendable {
        /// The player reports no positions, so nothing is saved.
        case untracked
        /// The server holds ``Playhead/saved``, and nothing of this video waits in the kept-position store.
        case saved
        /// The position could not be saved (`because`); it is kept in the kept-position store, and the
        /// next save — or the next command that reaches the server — sends it.
        case kept(Int, because: APIError)
        /// The position could not be saved (`because`), nor kept in the kept-position store (`store`): it is
        /// lost unless a later save goes through.
        case lost(Int, because: APIError, store: StoreError)
        /// The server took the position, but the kept-position store could not forget an older position of
        /// this video (`store`), which a later command would send.
        case stale(StoreError)

        /// Whether the server took the last position.
        public var serverTookIt: Bool {
            switch self {
            case .saved, .stale: true
            case .untracked, .kept, .lost: false
            }
        }
    }

    /// Where a copy on this machine starts when the server cannot give the position: the newest
    /// this machine knows, and what it is.
    public struct OfflineStart: Equatable, Sendable {
        public enum Source: Equatable, Sendable {
            /// Kept on this machine, not yet sent: where the viewer stopped here.
            case keptHere(Int, at: Date)
            /// The server's, as this machine last saw it: saved from here, or given.
            case server(Int, at: Date, savedHere: Bool)
            /// Nothing is known: the start.
            case nothingKnown
        }

        public let source: Source
        /// Why the server's position could not be asked.
        public let unreachable: APIError
        /// The stores that could not be read (the kept-position store, the history): what they held is not counted.
        public let problems: [StoreError]

        public init(source: Source, unreachable: APIError, problems: [StoreError] = []) {
            self.source = source
            self.unreachable = unreachable
            self.problems = problems
        }

        /// Where playback starts, in seconds.
        public var cursor: Int {
            switch source {
            case .keptHere(let cursor, _), .server(let cursor, _, _): cursor
            case .nothingKnown: 0
            }
        }
    }

    /// What became of the last position when the viewer quit at once
    /// (``PlaybackViewModel/keepThePositionNow()``).
    public enum QuitAtOnce: Equatable, Sendable {
        /// Nothing played yet: there is no position to keep.
        case nothingPlayed
        /// The player reports no positions, so none is kept.
        case untracked
        /// The server holds the position already.
        case saved(Int)
        /// The position is kept in the kept-position store; the next command that reaches the server sends it.
        case kept(Int)
        /// The position could not be kept in the kept-position store either (`StoreError`).
        case lost(Int, StoreError)
    }

    /// How a playback that did not fail ended.
    public enum Ending: Equatable, Sendable {
        /// It played to the end.
        case atTheEnd
        /// The user stopped it: quit in the player, ``PlaybackViewModel/stop()``, or the
        /// task awaiting ``PlaybackViewModel/watch(fromStart:)`` was cancelled.
        case stopped
    }

    /// Why nothing could be played, or playback failed.
    public enum Cause: Equatable, Sendable {
        /// Fetching the video failed (the message is the video screen's).
        case video(ScreenFailure)
        /// Fetching the video's saved progress failed (the message is the progress screen's).
        case progress(ScreenFailure)
        /// The player could not be started.
        case player(PlayerError)
        /// The player failed while playing, `reason` in its own words; the playhead says
        /// where it was and whether that position was saved.
        case playback(reason: String, Playhead)
    }
}
