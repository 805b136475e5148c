#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A media player: what the layer needs of any player to play a video and learn where
/// the viewer is.
///
/// The stream URL is all a player ever receives: never an access token nor the API token
/// (the API's video URLs are public, as a CDN's are). A player that cannot tell where
/// playback is (an arbitrary command) says so with ``reportsPositions``; its playback's
/// only event is then the ending.
public protocol MediaPlayer: Sendable {
    /// What the user calls it in messages ("mpv", "xdg-open").
    var name: String { get }
    /// Whether its playback reports positions; without them nothing is saved while watching.
    var reportsPositions: Bool { get }
    /// Starts playing `url` at `position` seconds from the start.
    func play(_ url: URL, from position: Int) async throws(PlayerError) -> any Playback
}

/// One playback a ``MediaPlayer`` started.
public protocol Playback: Sendable {
    /// Where playback is as it moves, then how it ended: ``PlaybackEvent/ended(_:)`` is the
    /// last event, after which the sequence finishes. Iterated once.
    var events: AsyncStream<PlaybackEvent> { get }
    /// Stops playback (the user asked to: Ctrl-C, SIGTERM) and returns once the player is
    /// gone; ``events`` then ends with ``PlaybackEnding/stopped``. Stopping an ended
    /// playback does nothing.
    func stop() async
}

/// What a ``Playback`` reports.
public enum PlaybackEvent: Equatable, Sendable {
    /// Where playback is, in whole seconds from the start.
    case position(Int)
    /// How playback ended; nothing follows.
    case ended(PlaybackEnding)
}

/// How a playback ended.
public enum PlaybackEnding: Equatable, Sendable {
    /// It played to the end.
    case finished
    /// The user stopped it: quit in the player, or ``Playback/stop()``.
    case stopped
    /// The player failed; `reason` is in its own words ("Failed to open …", "exit status 2").
    case failed(reason: String)
}

/// Why a player could not be started.
public enum PlayerError: Error, Equatable, Sendable {
    /// No program called `name` is on this machine (`PATH`).
    case notFound(name: String)
    /// It was found but could not be started or did not come up; `reason` is the system's
    /// or the player's words.
    case couldNotStart(name: String, reason: String)
}

extension PlayerError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notFound(let name): "\(name) was not found on this machine (PATH)"
        case .couldNotStart(let name, let reason): "\(name) could not be started: \(reason)"
        }
    }
}
