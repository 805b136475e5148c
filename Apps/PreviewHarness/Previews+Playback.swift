import Domain
import Foundation
import PlaybackScripts
import Ports
import Presentation
import Stores
import Stubs

extension Previews {
    /// Watching the featured video from its saved 2:04: before, fetching, playing with each
    /// fate of the position (saved, kept to send, lost, an older one stuck, not tracked),
    /// saving at the end, and each ending (see `Previews+PlaybackEndings.swift`).
    static let playback: [Preview] =
        [
            Preview(.playback, "idle", state: State.idle) {
                watcher(.scenario(.signedIn), content: $0, player: StubPlayer(script: []))
            },
            .inFlight(
                .playback, state: State.loading, { watcher(.unanswered, content: $0, player: StubPlayer(script: [])) },
                starting: { await $0.watch() }, until: { $0.state != .idle }, cancel: { $0.stop() }),
            playing("playing", from: .scenario(.signedIn)) { $0.saved == savedAtFifteen },
            playing("playing-kept", from: .failing(.updateProgressForVideo, .unreachable)) {
                if case .kept = $0.sync { true } else { false }
            },
            playing(
                "playing-lost", from: .failing(.updateProgressForVideo, .unreachable),
                keptPositions: { _ in UnusableStore(writeFailure: keptPositionsReadOnly) },
                when: { if case .lost = $0.sync { true } else { false } }),
            playing("playing-stale", from: .scenario(.signedIn), keptPositions: olderPositionStuck) {
                if case .stale = $0.sync { true } else { false }
            },
            Preview(.playback, "playing-position-unknown", state: playing) { content, style in
                let player = StubPlayer(name: "xdg-open", script: [.waitForStop], reportsPositions: false)
                let model = watcher(.scenario(.signedIn), content: content, player: player)
                return await Playthrough.draw(model, style: style, when: { $0 != .loading && $0 != .idle }) {
                    model.stop()
                }
            },
            Preview(.playback, "saving", state: State.saving(somePlayhead)) { content, style in
                let service = ServiceSetup.scenario(.signedIn).service(content: content)
                service.holdProgressSaves()
                let player = StubPlayer(script: [.position(130, after: 6), .end(.stopped)])
                let model = watcher(service, content: content, player: player)
                return await Playthrough.draw(model, style: style, when: { caseName(of: $0) == "saving" }) {
                    service.releaseProgressSaves()
                }
            },
        ] + playbackEndings

    private typealias State = PlaybackViewModel.State

    /// A playhead: a preview names only the case it shows, whatever the payload.
    static let somePlayhead = PlaybackViewModel.Playhead(
        video: Video(duration: 0, videoURL: URL(filePath: "/"), imageURL: URL(filePath: "/")), start: 0, position: nil,
        saved: 0, sync: .untracked)
    private static let playing = State.playing(somePlayhead)

    /// Where the playing previews stand: twenty seconds in, the save due at fifteen made.
    private static let playingScript = (125...144).map { StubPlayer.Step.position($0, after: 1) } + [.waitForStop]
    private static let savedAtFifteen = 139

    /// The kept-positions file that cannot be written, as the file store reports it.
    static let keptPositionsReadOnly = StoreError.io(
        path: "/home/demo/.config/cocoacasts/kept-positions.json", detail: "Read-only file system")

    /// A kept-position store keeping an older position of the video (0:60, an hour before the stub
    /// player's clock), which it can no longer forget.
    private static func olderPositionStuck(_ content: PreviewContent) -> any KeyValueStore {
        let key = keptPositions(over: InMemoryKeyValueStore()).key(forVideo: featuredVideoID(in: content))
        return UnusableStore([key: #"{"cursor":60,"recordedAt":1794996400}"#], writeFailure: keptPositionsReadOnly)
    }

    /// The playback view-model of the featured video over the service of `setup`.
    @MainActor
    static func watcher(
        _ setup: ServiceSetup, content: PreviewContent, player: StubPlayer,
        keptPositions store: any KeyValueStore = InMemoryKeyValueStore()
    ) -> PlaybackViewModel {
        watcher(setup.service(content: content), content: content, player: player, keptPositions: store)
    }

    /// The playback view-model of the featured video over `service`.
    @MainActor
    static func watcher(
        _ service: any APIService, content: PreviewContent, player: StubPlayer,
        keptPositions store: any KeyValueStore = InMemoryKeyValueStore()
    ) -> PlaybackViewModel {
        PlaybackViewModel(
            videoID: featuredVideoID(in: content), apiService: service, player: player,
            keptPositions: keptPositions(over: store),
            now: { player.now })
    }

    /// The demo account's kept-position store on the mock API, in `store`.
    private static func keptPositions(over store: any KeyValueStore) -> KeyValueKeptPositionStore {
        KeyValueKeptPositionStore(store: store, server: "http://127.0.0.1:8080", account: demoCredentials.email)
    }

    /// Playing twenty seconds in, over the service of `setup` and the kept-position store `keptPositions` makes;
    /// drawn once `isShown` holds for the playhead.
    private static func playing(
        _ variant: String, from setup: ServiceSetup,
        keptPositions: @escaping @Sendable (PreviewContent) -> any KeyValueStore = { _ in InMemoryKeyValueStore() },
        when isShown: @escaping @Sendable (PlaybackViewModel.Playhead) -> Bool
    ) -> Preview {
        Preview(.playback, variant, state: playing) { content, style in
            let model = watcher(
                setup, content: content, player: StubPlayer(script: playingScript),
                keptPositions: keptPositions(content))
            return await Playthrough.draw(
                model, style: style,
                when: {
                    guard case .playing(let playhead) = $0 else { return false }
                    return playhead.position == 144 && isShown(playhead)
                }
            ) { model.stop() }
        }
    }
}
