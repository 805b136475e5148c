import Domain
import Foundation
import Ports
import Presentation
import Stores
import Stubs

extension Previews {
    /// Continue watching: not read yet, reading, the episodes started (one watched here
    /// lately, one kept to send), nothing started, offline from what the server last gave,
    /// and each message a failed reading can show.
    static let continueWatching: [Preview] = [
        Preview(.continueWatching, "idle", state: State.idle) { model(.scenario(.signedIn), content: $0).model },
        .inFlight(
            .continueWatching, state: State.loading, { model(.unanswered, content: $0).model },
            starting: { await $0.load() }, until: { $0.state != .idle }, cancel: { $0.cancel() }),
        read("loaded", State.loaded([]), from: .scenario(.signedIn), started: true),
        read("nothing-started", State.loaded([]), from: .scenario(.signedIn)),
        Preview(.continueWatching, "offline", state: State.offline([], checkedAt: .distantPast, message: "")) {
            let (model, service) = model(.scenario(.signedIn), content: $0, started: true)
            let unreachable = TypicalCause.given(to: APIError(.unreachable), on: .progressForVideo)
            service.catalogueSource = .saved(savedAt: then, unreachable: unreachable)
            service.progressResult = .failure(unreachable)
            return model
        } then: {
            await $0.load()
        },
        read("failed-network", from: .scenario(.unreachable)),
        read("failed-signed-out", from: .scenario(.signedOut)),
        read("failed-server", from: .scenario(.serverError)),
    ]

    private typealias State = ContinueWatchingViewModel.State

    /// When the positions were kept, watched and last given: two hours before the previews' now.
    private static let then = Date(timeIntervalSince1970: 1_795_000_000)

    /// Continue watching over the service of `setup`, a kept-position store and a history in memory;
    /// `started`: two episodes part way (nothing started otherwise), the older watched here,
    /// the newer's position kept to send, and both remembered as the server gave them.
    @MainActor
    private static func model(_ setup: ServiceSetup, content: PreviewContent, started: Bool = false)
        -> (model: ContinueWatchingViewModel, service: StubAPIService)
    {
        let service = setup.service(content: content)
        let (server, account) = ("http://127.0.0.1:8080", demoCredentials.email)
        let keptPositions = KeyValueKeptPositionStore(store: InMemoryKeyValueStore(), server: server, account: account)
        let history = KeyValueWatchHistory(store: InMemoryKeyValueStore(), server: server, account: account)
        let episodes = content.episodes
        var stored: [String: String] = [:]
        service.cursors = [:]
        if started, episodes.count >= 3 {
            let (newer, older, third) = (episodes[0].videoID, episodes[2].videoID, episodes[2].videoDuration / 3)
            service.cursors = [newer: 250, older: third]
            // As the files hold them: a position kept to send, and the older episode watched here.
            stored = [
                keptPositions.key(forVideo: episodes[0].videoID): #"{"cursor":301,"recordedAt":1795000000}"#,
                history.key: #"{"positions":{"at":1795000000,"cursors":{"\#(newer)":250,"\#(older)":\#(third)}},"#
                    + #""watched":[{"at":1795000000,"video":"\#(older)"}]}"#,
            ]
        }
        let store = InMemoryKeyValueStore(stored)
        let model = ContinueWatchingViewModel(
            apiService: service,
            keptPositions: KeyValueKeptPositionStore(store: store, server: server, account: account),
            history: KeyValueWatchHistory(store: store, server: server, account: account), now: { then + 2 * 3_600 })
        return (model, service)
    }

    /// Continue watching after one reading from the service of `setup`, which fails unless it
    /// shows `state`.
    private static func read(
        _ variant: String, _ state: State = .failed(message: "", .api(.unknown)), from setup: ServiceSetup,
        started: Bool = false
    ) -> Preview {
        Preview(.continueWatching, variant, state: state) {
            model(setup, content: $0, started: started).model
        } then: {
            await $0.load()
        }
    }
}

extension Previews {
    /// Up next after a playback: before any, stopped short, the newest episode finished, a
    /// video outside the catalogue, the menu, the next playing (autoplay), played again, the
    /// one before it, declined, and the offer lapsed.
    static let upNext: [Preview] = [
        upNext("idle", .idle) { _, _ in },
        upNext("stopped", .stopped) { $0.playbackEnded(stoppedPartWay, videoID: played(in: $1)) },
        upNext("caught-up", .caughtUp) { $0.playbackEnded(finished, videoID: $1.first?.videoID ?? "") },
        upNext("unlisted", .unlisted) { model, _ in model.playbackEnded(finished, videoID: "unlisted") },
        upNext("offering", .offering(placeholder)) { $0.playbackEnded(finished, videoID: played(in: $1)) },
        upNext("next", .next(placeholder), autoplay: true) { $0.playbackEnded(finished, videoID: played(in: $1)) },
        answered("replay", .replay(placeholder), .replay),
        answered("previous", .previous(placeholder), .previous),
        answered("declined", .declined(placeholder), .stop),
        answered("lapsed", .lapsed(placeholder), .noAnswer),
    ]

    /// Up next after an episode played to its end, and `answer` to its offer.
    private static func answered(
        _ variant: String, _ state: UpNextViewModel.State, _ answer: UpNextViewModel.Answer
    ) -> Preview {
        upNext(variant, state) { model, episodes in
            model.playbackEnded(finished, videoID: played(in: episodes))
            model.answer(answer)
        }
    }

    /// The video played: the second episode of the catalogue, so that one comes after it.
    private static func played(in episodes: [Episode]) -> String {
        episodes.dropFirst().first?.videoID ?? ""
    }

    /// A state names only its case: the episode it holds is the catalogue's.
    private static let placeholder = Episode(
        id: 0, title: "", excerpt: "", imageURL: URL(fileURLWithPath: "/"), videoDuration: 0, videoID: "")
    private static let playedVideo = Video(
        duration: 513, videoURL: URL(string: "https://player.cocoacasts.com/v.m3u8")!,
        imageURL: URL(string: "https://cdn.cocoacasts.com/v.jpg")!)
    private static let finished = PlaybackViewModel.State.finished(
        .atTheEnd, .init(video: playedVideo, start: 500, position: 513, saved: 513, sync: .saved))
    private static let stoppedPartWay = PlaybackViewModel.State.finished(
        .stopped, .init(video: playedVideo, start: 0, position: 120, saved: 120, sync: .saved))

    /// Up next over the preview catalogue, after `ended` did to it what the variant shows
    /// (given the catalogue).
    private static func upNext(
        _ variant: String, _ state: UpNextViewModel.State, autoplay: Bool = false,
        _ ended: @escaping @MainActor @Sendable (UpNextViewModel, [Episode]) -> Void
    ) -> Preview {
        Preview(.upNext, variant, state: state) { content, style in
            let model = UpNextViewModel(episodes: content.episodes, autoplay: autoplay)
            ended(model, content.episodes)
            return model.rendering(style: style)
        }
    }
}
