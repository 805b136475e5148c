import Domain
import Observation

/// What comes after a playback: the episode published after the one played, offered when it
/// was played to the end — asked, or played at once with autoplay. Asked, the viewer may also
/// play the same episode again or the one published before it, or stop; an offer that no
/// answer meets in ``offerSeconds`` lapses, and nothing more is played.
///
/// "After" is the catalogue's order: the API lists the newest first, so the next episode is
/// the one listed just before. A playback stopped short, or one whose player reports no
/// position, offers nothing: only the end of an episode leads to the next.
@MainActor
@Observable
public final class UpNextViewModel {
    public enum State: Equatable, Sendable {
        /// No playback has ended yet.
        case idle
        /// The playback stopped before the end (or failed): nothing comes next.
        case stopped
        /// The episode played is the newest: nothing comes after it yet.
        case caughtUp
        /// The video played is no episode of the catalogue (a video id given by hand).
        case unlisted
        /// The next episode, waiting for the viewer's answer.
        case offering(Episode)
        /// The next episode, to be played: chosen, or autoplay.
        case next(Episode)
        /// The episode just played, to be played again from its start.
        case replay(Episode)
        /// The episode published before the one just played, to be played.
        case previous(Episode)
        /// The next episode, which the viewer declined.
        case declined(Episode)
        /// The next episode, whose offer no answer met in time.
        case lapsed(Episode)
    }

    /// The viewer's answer to an offer.
    public enum Answer: Equatable, Sendable {
        case next, replay, previous, stop
        /// No answer in ``offerSeconds``.
        case noAnswer
    }

    /// How long an offer waits for the viewer's answer; no answer in time is a no.
    public nonisolated static let offerSeconds = 10

    public private(set) var state = State.idle

    /// Whether the next episode plays without asking.
    @ObservationIgnored private let autoplay: Bool
    @ObservationIgnored private let episodes: [Episode]
    /// The episode whose playback ended last, when it is one of the catalogue.
    @ObservationIgnored private var played: Episode?

    /// Up next among `episodes`, the catalogue as the API lists it (newest first).
    public init(episodes: [Episode], autoplay: Bool) {
        self.episodes = episodes
        self.autoplay = autoplay
    }

    /// Whether a playback that ended in `playback` reached the end: finished, and within the
    /// last seconds by the player's own report.
    public nonisolated static func reachedTheEnd(_ playback: PlaybackViewModel.State) -> Bool {
        guard case .finished(_, let playhead) = playback, let position = playhead.position else { return false }
        return PlaybackViewModel.isFinished(position, duration: playhead.video.duration)
    }

    /// Decides what follows a playback that ended in `playback`'s state.
    public func playbackEnded(_ playback: PlaybackViewModel.State, videoID: String) {
        played = episodes.first { $0.videoID == videoID }
        state =
            switch (Self.reachedTheEnd(playback), played, Self.episode(after: videoID, in: episodes)) {
            case (false, _, _): .stopped
            case (true, nil, _): .unlisted
            case (true, _, nil): .caughtUp
            case (true, _, let next?): autoplay ? .next(next) : .offering(next)
            }
    }

    /// The viewer's answer to an offer; `previous` when there is none (the oldest was played)
    /// changes nothing.
    public func answer(_ answer: Answer) {
        guard case .offering(let episode) = state else { return }
        switch answer {
        case .next: state = .next(episode)
        case .replay: if let played { state = .replay(played) }
        case .previous: if let before = previousEpisode { state = .previous(before) }
        case .stop: state = .declined(episode)
        case .noAnswer: state = .lapsed(episode)
        }
    }

    /// The episode published before the one played last, when there is one.
    public var previousEpisode: Episode? {
        guard let played, let index = episodes.firstIndex(of: played), index + 1 < episodes.count else { return nil }
        return episodes[index + 1]
    }

    /// The episode to play now, and whether from its start; `nil` when nothing is to be played.
    public var toPlay: (episode: Episode, fromStart: Bool)? {
        switch state {
        case .next(let episode), .previous(let episode): (episode, false)
        case .replay(let episode): (episode, true)
        case .idle, .stopped, .caughtUp, .unlisted, .offering, .declined, .lapsed: nil
        }
    }

    /// The episode published after the one whose video is `videoID`: listed just before it.
    public nonisolated static func episode(after videoID: String, in episodes: [Episode]) -> Episode? {
        guard let index = episodes.firstIndex(where: { $0.videoID == videoID }), index > 0 else { return nil }
        return episodes[index - 1]
    }
}
