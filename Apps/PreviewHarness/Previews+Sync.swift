import Domain
import Foundation
import Ports
import Presentation
import Stores
import Stubs

extension Previews {
    /// `sync`: not read yet, reading, the plan (what a dry run says), removing and fetching,
    /// done (fetched and removed; nothing to do; a part that failed), and each message a
    /// failed reading can show.
    static let sync: [Preview] = [
        Preview(.sync, "idle", state: State.idle) { model(.scenario(.signedIn), content: $0) },
        .inFlight(
            .sync, "planning", state: State.planning, { model(.unanswered, content: $0) },
            starting: { await $0.plan() }, until: { $0.state != .idle }),
        Preview(.sync, "planned", state: State.planned(.empty)) {
            model(.scenario(.signedIn), content: $0, started: true)
        } then: {
            await $0.plan()
        },
        Preview(.sync, "syncing", state: State.syncing(.init(plan: .empty))) { content, style in
            let model = model(.scenario(.signedIn), content: content, started: true, ending: .holds)
            await model.plan()
            return await InFlight.draw(
                model, style: style, starting: { await $0.sync() },
                until: { if case .syncing = $0.state { true } else { false } }, cancel: { _ in })
        },
        synced("done", started: true, ending: complete),
        synced("done-nothing-to-do", started: false, ending: complete),
        synced(
            "done-failed-segment", started: true,
            ending: .failed(DownloadError(.parts([PartFailure(part: "video/00007.ts", reason: .status(503))])))),
        read("failed-network", from: .scenario(.unreachable)),
        read("failed-signed-out", from: .scenario(.signedOut)),
        read("failed-server", from: .scenario(.serverError)),
    ]

    private typealias State = SyncViewModel.State

    private static let complete = StubDownloader.Ending.complete(
        DownloadedCopy(
            playable: URL(fileURLWithPath: "/home/you/.local/share/cocoacasts/videos/632759499/index.m3u8"),
            bytes: 48_213_504, quality: "720p"))

    /// `sync` over the service of `setup` and a downloader whose downloads end as `ending`
    /// says; `started`: the third episode part way on the server, and the fourth finished,
    /// its copy made by an earlier sync.
    @MainActor
    private static func model(
        _ setup: ServiceSetup, content: PreviewContent, started: Bool = false,
        ending: StubDownloader.Ending = complete
    ) -> SyncViewModel {
        let service = setup.service(content: content)
        let downloader = StubDownloader { _ in ending }
        let (server, account) = ("http://127.0.0.1:8080", demoCredentials.email)
        let store = InMemoryKeyValueStore()
        let episodes = content.episodes
        service.cursors = [:]
        if started, episodes.count >= 4 {
            service.cursors = [episodes[2].videoID: 250, episodes[3].videoID: episodes[3].videoDuration]
            downloader.keep(
                LocalCopy(
                    videoID: episodes[3].videoID, episode: EpisodeLabel(id: episodes[3].id, title: episodes[3].title),
                    quality: "720p", chosen: .best, state: .complete, bytes: 41_900_000, updated: Date(),
                    playable: URL(fileURLWithPath: "/"), duration: episodes[3].videoDuration,
                    metadata: ["server": server, SyncPlan.madeByKey: SyncPlan.madeBySyncValue]))
        }
        return SyncViewModel(
            apiService: service, downloader: downloader,
            keptPositions: KeyValueKeptPositionStore(store: store, server: server, account: account),
            history: KeyValueWatchHistory(store: store, server: server, account: account), server: server,
            rules: SyncRules())
    }

    /// `sync` carried out over the working service, its downloads ending as `ending` says.
    private static func synced(_ variant: String, started: Bool, ending: StubDownloader.Ending) -> Preview {
        Preview(.sync, variant, state: State.done(.init(plan: .empty))) {
            model(.scenario(.signedIn), content: $0, started: started, ending: ending)
        } then: {
            await $0.plan()
            await $0.sync()
        }
    }

    /// `sync` after one reading from the service of `setup`, which fails.
    private static func read(_ variant: String, from setup: ServiceSetup) -> Preview {
        Preview(.sync, variant, state: State.failed(message: "", .api(.unknown))) {
            model(setup, content: $0)
        } then: {
            await $0.plan()
        }
    }
}
