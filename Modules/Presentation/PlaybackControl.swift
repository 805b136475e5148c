import Ports
import Synchronization

/// Stops one watch from wherever the request comes: ``PlaybackViewModel/stop()``, or the
/// cancellation of the task awaiting ``PlaybackViewModel/watch(fromStart:)``, whose handler
/// runs on any thread at any moment.
///
/// A stop cancels the fetches while they run and stops the player once it plays; a stop
/// that comes before either registers is applied when it does. It never cancels a save:
/// stopping goes through the player, whose playback then ends as stopped, and the watch
/// makes its final save before it returns.
final class PlaybackControl: Sendable {
    private struct State {
        var isStopped = false
        var cancelLoading: (@Sendable () -> Void)?
        var playback: (any Playback)?
    }

    private let state = Mutex(State())

    /// Whether a stop was asked for.
    var isStopped: Bool { state.withLock(\.isStopped) }

    /// Stops the watch: cancels the fetches, or stops the player. Only the first call acts.
    func stop() {
        let (cancel, playback) = state.withLock { state -> ((@Sendable () -> Void)?, (any Playback)?) in
            guard !state.isStopped else { return (nil, nil) }
            state.isStopped = true
            return (state.cancelLoading, state.playback)
        }
        cancel?()
        if let playback { Task { await playback.stop() } }
    }

    /// The fetches run; `cancel` cancels them (at once when a stop came already).
    func loading(cancel: @escaping @Sendable () -> Void) {
        let stopped = state.withLock { state in
            state.cancelLoading = cancel
            return state.isStopped
        }
        if stopped { cancel() }
    }

    /// The player plays `playback` (stopped at once when a stop came already).
    func playing(_ playback: any Playback) {
        let stopped = state.withLock { state in
            state.cancelLoading = nil
            state.playback = playback
            return state.isStopped
        }
        if stopped { Task { await playback.stop() } }
    }
}
