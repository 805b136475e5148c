import Domain
import Foundation
import PlaybackScripts
import PortContracts
import Ports
import Presentation
import Stubs
import Testing

/// Up next after playbacks of the scripted player on a ``TestClock`` (see ``PlaybackFixture``,
/// whose video is 632759499, 513 s).
@MainActor
@Suite("UpNextViewModel: the episode published after one played to its end")
struct UpNextViewModelTests {
    /// The catalogue as the API lists it, the newest first: the played video is the middle one.
    let episodes = [
        Samples.episode(id: 3, title: "Newer"),
        Episode(
            id: 2, title: "Played", excerpt: "", imageURL: URL(string: "https://cdn.cocoacasts.com/2.svg")!,
            videoDuration: 513, videoID: PlaybackFixture.videoID),
        Samples.episode(id: 1, title: "Older"),
    ]

    /// The state a playback of `script` from `cursor` ends in.
    func ended(_ script: [ScriptedPlayer.Step], cursor: Int = 0, reportsPositions: Bool = true) async
        -> PlaybackViewModel.State
    {
        let fixture = PlaybackFixture(script, cursor: cursor, reportsPositions: reportsPositions)
        await fixture.viewModel.watch()
        return fixture.viewModel.state
    }

    @Test func playedToItsEndItOffersTheNextPublishedAndPlaysItOnEnter() async {
        let upNext = UpNextViewModel(episodes: episodes, autoplay: false)
        upNext.playbackEnded(
            await ended(PlaybackFixture.moving(500...513) + [.end(.finished)], cursor: 499),
            videoID: PlaybackFixture.videoID)
        #expect(upNext.state == .offering(episodes[0]))
        upNext.answer(.next)
        #expect(upNext.state == .next(episodes[0]))
        #expect(upNext.toPlay?.episode == episodes[0] && upNext.toPlay?.fromStart == false)
    }

    @Test func withinTheLastSecondsIsTheEndTooAndAutoplayDoesNotAsk() async {
        let upNext = UpNextViewModel(episodes: episodes, autoplay: true)
        upNext.playbackEnded(
            await ended(PlaybackFixture.moving(495...505) + [.end(.stopped)], cursor: 494),
            videoID: PlaybackFixture.videoID)
        #expect(upNext.state == .next(episodes[0]))
    }

    @Test(arguments: [
        (UpNextViewModel.Answer.stop, UpNextViewModel.State.declined(Samples.episode(id: 3, title: "Newer"))),
        (.noAnswer, .lapsed(Samples.episode(id: 3, title: "Newer"))),
    ])
    func anOfferStoppedOrLetPassPlaysNothing(answer: UpNextViewModel.Answer, state: UpNextViewModel.State) async {
        let upNext = UpNextViewModel(episodes: episodes, autoplay: false)
        upNext.playbackEnded(
            await ended(PlaybackFixture.moving(505...513) + [.end(.finished)], cursor: 504),
            videoID: PlaybackFixture.videoID)
        upNext.answer(answer)
        #expect(upNext.state == state)
        #expect(upNext.toPlay == nil)
    }

    @Test func theMenuReplaysFromTheStartOrPlaysThePreviousWhenThereIsOne() async {
        let ended = await ended(PlaybackFixture.moving(505...513) + [.end(.finished)], cursor: 504)
        let replay = UpNextViewModel(episodes: episodes, autoplay: false)
        replay.playbackEnded(ended, videoID: PlaybackFixture.videoID)
        replay.answer(.replay)
        #expect(replay.state == .replay(episodes[1]))
        #expect(replay.toPlay?.episode == episodes[1] && replay.toPlay?.fromStart == true)
        let previous = UpNextViewModel(episodes: episodes, autoplay: false)
        previous.playbackEnded(ended, videoID: PlaybackFixture.videoID)
        previous.answer(.previous)
        #expect(previous.state == .previous(episodes[2]))
        #expect(previous.toPlay?.fromStart == false)
        // The oldest episode played: there is none before it, and `p` changes nothing.
        let oldest = UpNextViewModel(episodes: Array(episodes.prefix(2)), autoplay: false)
        oldest.playbackEnded(ended, videoID: PlaybackFixture.videoID)
        #expect(oldest.previousEpisode == nil)
        oldest.answer(.previous)
        #expect(oldest.state == .offering(episodes[0]))
    }

    @Test func stoppedShortOfTheEndOffersNothingEvenWithAutoplay() async {
        let upNext = UpNextViewModel(episodes: episodes, autoplay: true)
        upNext.playbackEnded(
            await ended(PlaybackFixture.moving(100...110) + [.end(.stopped)], cursor: 99),
            videoID: PlaybackFixture.videoID)
        #expect(upNext.state == .stopped)
    }

    /// A player that reports no position cannot say it reached the end, even at its end of file.
    @Test func anUntrackedPlaybackOffersNothing() async {
        let upNext = UpNextViewModel(episodes: episodes, autoplay: true)
        upNext.playbackEnded(
            await ended([.end(.finished)], reportsPositions: false), videoID: PlaybackFixture.videoID)
        #expect(upNext.state == .stopped)
    }

    @Test func theNewestEpisodeIsCaughtUpAndAnUnlistedVideoIsSaidAsOne() async {
        let finished = await ended(PlaybackFixture.moving(505...513) + [.end(.finished)], cursor: 504)
        let newest = UpNextViewModel(episodes: Array(episodes.dropFirst()), autoplay: true)
        newest.playbackEnded(finished, videoID: PlaybackFixture.videoID)
        #expect(newest.state == .caughtUp)
        let unlisted = UpNextViewModel(episodes: [episodes[0]], autoplay: true)
        unlisted.playbackEnded(finished, videoID: PlaybackFixture.videoID)
        #expect(unlisted.state == .unlisted)
    }

    @Test func theNextIsTheOneListedJustBefore() {
        #expect(UpNextViewModel.episode(after: "video-1", in: episodes)?.id == 2)
        #expect(UpNextViewModel.episode(after: "video-3", in: episodes) == nil)
        #expect(UpNextViewModel.episode(after: "nowhere", in: episodes) == nil)
    }
}
