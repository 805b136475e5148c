import Domain
import Foundation
import Ports
import Presentation
import Testing

/// What `sync` keeps, fetches and removes, decided without I/O: a table of positions and copies.
@Suite("SyncPlan: the next episodes kept ready, the finished ones cleared")
struct SyncPlanTests {
    /// Six episodes as the API lists them, the newest first (6 was published last), 513 s each.
    static let episodes = (1...6).reversed().map { Samples.episode(id: $0, title: "Episode \($0)") }
    static let server = "http://127.0.0.1:8080/api/v1"

    static func copy(_ id: Int, complete: Bool = true, bySync: Bool = true, server: String = server) -> LocalCopy {
        LocalCopy(
            videoID: "video-\(id)", episode: EpisodeLabel(id: id, title: "Episode \(id)"), quality: "360p",
            chosen: .height(360), state: complete ? .complete : .partial(done: 1, parts: 3, failed: []),
            bytes: 1_000 * id, updated: Date(timeIntervalSince1970: 0),
            playable: URL(fileURLWithPath: "/copies/video-\(id)"), duration: 513,
            metadata: bySync ? ["server": server, SyncPlan.madeByKey: SyncPlan.madeBySyncValue] : ["server": server])
    }

    static func plan(
        cursors: [String: Int], kept: [KeptPosition] = [], watched: [String] = [], copies: [LocalCopy] = [],
        rules: SyncRules = SyncRules()
    ) -> SyncPlan {
        SyncPlan.make(
            episodes: episodes, cursors: cursors, kept: kept,
            watched: watched.enumerated().map {
                WatchedVideo(videoID: $1, watchedAt: Date(timeIntervalSince1970: Double(100 - $0)))
            },
            copies: copies, server: server, rules: rules)
    }

    @Test func theEpisodeStartedAndTheOnesPublishedAfterItUpToTheCount() {
        let plan = Self.plan(cursors: ["video-2": 100])
        #expect(plan.fetched.map(\.episode.id) == [2, 3, 4])
        #expect(plan.kept.isEmpty && plan.removed.isEmpty)
        #expect(
            Self.plan(cursors: ["video-2": 100], rules: SyncRules(episodes: 5)).fetched.map(\.episode.id) == [
                2, 3, 4, 5, 6,
            ])
        #expect(Self.plan(cursors: ["video-5": 100]).fetched.map(\.episode.id) == [5, 6], "the newest ends the walk")
        #expect(Self.plan(cursors: ["video-2": 100], rules: SyncRules(episodes: 0)).changesNothing)
    }

    @Test func theMostRecentlyWatchedLeadsAndFinishedEpisodesArePassedOver() {
        // 1 and 4 started; 4 watched here last; 5 finished on another device.
        let plan = Self.plan(cursors: ["video-1": 60, "video-4": 30, "video-5": 510], watched: ["video-4", "video-1"])
        #expect(plan.fetched.map(\.episode.id) == [4, 6, 1])
        // Without the history, the catalogue's order (the newest first).
        #expect(Self.plan(cursors: ["video-1": 60, "video-4": 30]).fetched.map(\.episode.id) == [4, 5, 6])
    }

    @Test func thePositionKeptHereIsNewerThanTheServers() {
        let kept = [KeptPosition(progress: VideoProgress(videoID: "video-2", cursor: 510), recordedAt: Date())]
        let plan = Self.plan(cursors: ["video-2": 100], kept: kept, watched: ["video-2"], copies: [Self.copy(2)])
        #expect(plan.removed.map(\.episode.id) == [2], "finished here, not yet on the server")
        #expect(plan.fetched.map(\.episode.id) == [3, 4, 5], "the walk starts after the one finished here last")
    }

    @Test func completeCopiesAreKeptAndOthersFetchedAtTheirOwnQuality() {
        let plan = Self.plan(
            cursors: ["video-2": 100], copies: [Self.copy(2), Self.copy(3, complete: false)],
            rules: SyncRules(quality: .worst))
        #expect(plan.kept.map(\.episode.id) == [2])
        #expect(plan.fetched.map(\.episode.id) == [3, 4])
        #expect(plan.fetched.map(\.quality) == [nil, .worst], "a partial copy goes on at its own")
    }

    @Test func onlyTheCopiesSyncMadeAreRemovedUnlessAsked() {
        let copies = [Self.copy(1), Self.copy(3, bySync: false), Self.copy(5, server: "http://elsewhere")]
        let cursors = ["video-1": 513, "video-3": 505, "video-5": 513]
        let plan = Self.plan(cursors: cursors, copies: copies)
        #expect(plan.removed.map(\.episode.id) == [1])
        #expect(plan.skipped.map(\.episode.id) == [3])
        #expect(plan.skipped.map(\.reason) == [.finishedCopiedByTheViewer])
        let asked = Self.plan(cursors: cursors, copies: copies, rules: SyncRules(removesFinished: true))
        #expect(asked.removed.map(\.episode.id) == [1, 3], "another server's copy is never touched")
        #expect(asked.removed.map(\.madeBySync) == [true, false])
    }

    @Test func anUnfinishedCopyIsNeverRemoved() {
        let plan = Self.plan(cursors: ["video-1": 200], copies: [Self.copy(1), Self.copy(6)])
        #expect(plan.removed.isEmpty)
        #expect(plan.kept.map(\.episode.id) == [1, 6])
    }

    /// The one before them finished on another device, the copies `sync` made of the next ones
    /// are still ready: kept, not wanted, until they are finished too.
    @Test func copiesSyncMadeAreKeptUntilFinishedWantedOrNot() {
        let plan = Self.plan(
            cursors: ["video-2": 513], copies: [Self.copy(2), Self.copy(3), Self.copy(4), Self.copy(5, bySync: false)])
        #expect(plan.removed.map(\.episode.id) == [2])
        #expect(plan.kept.map(\.episode.id) == [3, 4], "the viewer's own unfinished copy is theirs to keep")
        #expect(plan.fetched.isEmpty)
    }
}
