import Domain
import Foundation
import Ports
import Presentation
import Stubs
import Testing

@testable import cocoacasts_preview

@Suite("The catalogue shows every state of every view-model, and every message")
@MainActor
struct PreviewsCoverageTests {
    /// The name of every case of each screen's state. Each list walks an exhaustive switch
    /// over the state, one case to the next: a new case fails to compile here until the walk
    /// visits it, and then ``everyStateOfTheViewModelHasAPreview`` fails until a preview shows it.
    static func states(of screen: PreviewScreen) -> [String] {
        let failure = ScreenFailure.api(.unknown)
        switch screen {
        case .episodes:
            return walk(from: EpisodesViewModel.State.idle) {
                switch $0 {
                case .idle: .loading(previous: nil)
                case .loading: .loaded([])
                case .loaded: .empty
                case .empty: .offline([], savedAt: Date(timeIntervalSince1970: 0), message: "")
                case .offline: .failed(message: "", failure, previous: nil)
                case .failed: nil
                }
            }
        case .episode:
            return [Previews.episodeDetailState]
        case .signIn:
            return walk(from: SignInViewModel.State.editing) {
                switch $0 {
                case .editing: .ready
                case .ready: .signingIn(wasSignedIn: false)
                case .signingIn: .failed(message: "", failure, wasSignedIn: false)
                case .failed: .signedIn
                case .signedIn: nil
                }
            }
        case .video:
            return loadStates(VideoViewModel.State.self)
        case .progress:
            return loadStates(VideoProgressViewModel.State.self)
        case .playback:
            let playhead = Previews.somePlayhead
            return walk(from: PlaybackViewModel.State.idle) {
                switch $0 {
                case .idle: .loading
                case .loading: .playing(playhead)
                case .playing: .saving(playhead)
                case .saving: .finished(.atTheEnd, playhead)
                case .finished: .failed(message: "", .player(.notFound(name: "mpv")))
                case .failed: nil
                }
            }
        case .download:
            let progress = DownloadProgress(bytes: 0, expectedBytes: nil, partsDone: 0, parts: 1)
            return walk(from: DownloadViewModel.State.waiting) {
                switch $0 {
                case .waiting: .downloading(progress)
                case .downloading: .interrupted(kept: nil)
                case .interrupted: .failed(message: "", .cancelled, kept: nil)
                case .failed:
                    .complete(DownloadedCopy(playable: URL(fileURLWithPath: "/"), bytes: 0, quality: ""))
                case .complete: nil
                }
            }
        case .continueWatching:
            return walk(from: ContinueWatchingViewModel.State.idle) {
                switch $0 {
                case .idle: .loading
                case .loading: .loaded([])
                case .loaded: .offline([], checkedAt: Date(timeIntervalSince1970: 0), message: "")
                case .offline: .failed(message: "", failure)
                case .failed: nil
                }
            }
        case .upNext:
            let episode = Episode(
                id: 1, title: "", excerpt: "", imageURL: URL(fileURLWithPath: "/"), videoDuration: 1, videoID: "")
            return walk(from: UpNextViewModel.State.idle) {
                switch $0 {
                case .idle: .stopped
                case .stopped: .caughtUp
                case .caughtUp: .unlisted
                case .unlisted: .offering(episode)
                case .offering: .next(episode)
                case .next: .replay(episode)
                case .replay: .previous(episode)
                case .previous: .declined(episode)
                case .declined: .lapsed(episode)
                case .lapsed: nil
                }
            }
        case .sync:
            let plan = SyncPlan.empty
            return walk(from: SyncViewModel.State.idle) {
                switch $0 {
                case .idle: .planning
                case .planning: .planned(plan)
                case .planned: .syncing(SyncReport(plan: plan))
                case .syncing: .done(SyncReport(plan: plan))
                case .done: .failed(message: "", failure)
                case .failed: nil
                }
            }
        case .profile:
            return walk(from: ProfileViewModel.State.checking) {
                switch $0 {
                case .checking: .signedIn
                case .signedIn: .signedOut
                case .signedOut: .storeUnreadable(message: "")
                case .storeUnreadable: .signOutFailed(message: "")
                case .signOutFailed: nil
                }
            }
        }
    }

    /// The cases of a `LoadState`, which do not depend on its value.
    static func loadStates<Value>(_: LoadState<Value>.Type) -> [String] {
        walk(from: LoadState<Int>.idle) {
            switch $0 {
            case .idle: .loading(previous: nil)
            case .loading: .loaded(0)
            case .loaded: .failed(message: "", .api(.unknown), previous: nil)
            case .failed: nil
            }
        }
    }

    /// The names of the cases met from `first` on, following `next` until it ends or loops.
    static func walk<State>(from first: State, _ next: (State) -> State?) -> [String] {
        var names: [String] = []
        var state = Optional(first)
        while let current = state, !names.contains(caseName(of: current)) {
            names.append(caseName(of: current))
            state = next(current)
        }
        return names
    }

    /// Where a screen's API failures are described; `nil` for screens that make no request.
    nonisolated static func context(of screen: PreviewScreen) -> APIErrorMapper.Context? {
        switch screen {
        case .episodes: .episodes
        case .signIn: .signIn
        case .video, .playback: .video
        case .progress, .continueWatching, .sync: .progress
        case .episode, .profile, .download, .upNext: nil
        }
    }

    /// The fates of a playback's position, and the causes of a failed playback, by case.
    static func playbackDetails() -> [String] {
        let store = StoreError.io(path: "", detail: "")
        let fates = walk(from: PlaybackViewModel.Sync.untracked) {
            switch $0 {
            case .untracked: .saved
            case .saved: .kept(0, because: .unknown)
            case .kept: .lost(0, because: .unknown, store: store)
            case .lost: .stale(store)
            case .stale: nil
            }
        }
        let causes = walk(from: PlaybackViewModel.Cause.video(.api(.unknown))) {
            switch $0 {
            case .video: .progress(.api(.unknown))
            case .progress: .player(.notFound(name: "mpv"))
            case .player: .playback(reason: "", Previews.somePlayhead)
            case .playback: nil
            }
        }
        return fates + causes
    }

    /// The case of a store error, without its payload (exhaustive, so a new case fails to compile here).
    static func storeCase(of error: StoreError) -> String {
        switch error {
        case .corrupt: "corrupt"
        case .insecurePermissions: "insecurePermissions"
        case .lockTimeout: "lockTimeout"
        case .io: "io"
        case .untrustedLocation: "untrustedLocation"
        }
    }

    /// Every preview with what it drew.
    static func renderings() async throws -> [(preview: Preview, rendering: Preview.Rendering)] {
        let content = try APIPreviewClient().content
        var renderings: [(preview: Preview, rendering: Preview.Rendering)] = []
        for preview in Previews.previews {
            renderings.append((preview, await preview.render(content: content)))
        }
        return renderings
    }

    @Test(arguments: PreviewScreen.allCases)
    func everyStateOfTheViewModelHasAPreview(screen: PreviewScreen) async throws {
        let shown = try await Self.renderings().filter { $0.preview.screen == screen }.map(\.rendering.state)
        let missing = Set(Self.states(of: screen)).subtracting(shown)
        #expect(missing.isEmpty, "no preview of \(screen.rawValue) shows \(missing.sorted())")
    }

    @Test(arguments: PreviewScreen.allCases.filter { context(of: $0) != nil })
    func everyAPIErrorMessageOfTheScreenHasAPreview(screen: PreviewScreen) async throws {
        let shown = try await Self.renderings().filter { $0.preview.screen == screen }.compactMap(\.rendering.message)
        let context = try #require(Self.context(of: screen))
        let messages = APIError.Kind.allCases.compactMap {
            APIErrorMapper(error: APIError($0), context: context).message
        }
        #expect(!messages.isEmpty)
        let missing = Set(messages).subtracting(shown)
        #expect(missing.isEmpty, "no preview of \(screen.rawValue) shows \(missing.sorted())")
    }

    /// A screen that asks the API nothing shows no API message: the episode's detail none at
    /// all, the profile only its store's.
    @Test func aScreenThatAsksTheAPINothingShowsNoAPIMessage() async throws {
        let renderings = try await Self.renderings()
        let episode = renderings.filter { $0.preview.screen == .episode }
        #expect(!episode.isEmpty && episode.allSatisfy { $0.rendering.message == nil })
        let profile = renderings.filter { $0.preview.screen == .profile }.compactMap(\.rendering.message)
        #expect(!profile.isEmpty && Set(profile).isSubset(of: Set(StoreFailures.all.map(\.description))))
    }

    @Test func everyFateOfAPlaybacksPositionAndEveryCauseOfItsFailureHasAPreview() async throws {
        let shown = try await Self.renderings().filter { $0.preview.screen == .playback }.compactMap(\.rendering.detail)
        #expect(
            Self.playbackDetails() == [
                "untracked", "saved", "kept", "lost", "stale", "video", "progress", "player", "playback",
            ])
        let missing = Set(Self.playbackDetails()).subtracting(shown)
        #expect(missing.isEmpty, "no preview of playback shows \(missing.sorted())")
    }

    @Test func everyStoreFailureHasAPreview() async throws {
        let renderings = try await Self.renderings()
        let caseNames = ["corrupt", "insecurePermissions", "lockTimeout", "io", "untrustedLocation"]
        #expect(Set(StoreFailures.all.map(Self.storeCase(of:))) == Set(caseNames))
        let profile = Set(renderings.filter { $0.preview.screen == .profile }.compactMap(\.rendering.message))
        #expect(profile == Set(StoreFailures.all.map(\.description)))
        let signIn = renderings.filter { $0.preview.screen == .signIn }.compactMap(\.rendering.message)
        #expect(signIn.contains(StoreFailures.readOnly.description))
    }

    @Test func everyPreviewShowsTheStateItIsListedWithAndItsMessage() async throws {
        for (preview, rendering) in try await Self.renderings() {
            #expect(rendering.state == preview.state, "\(preview.name)")
            let isFailure = ["failed", "storeUnreadable", "signOutFailed"].contains(rendering.state)
            #expect((rendering.message != nil) == isFailure, "\(preview.name)")
            if let message = rendering.message { #expect(rendering.text.contains(message), "\(preview.name)") }
        }
    }

    @Test func aStateIsNamedByItsCaseWithOrWithoutAPayload() {
        #expect(Self.states(of: .episodes) == ["idle", "loading", "loaded", "empty", "offline", "failed"])
    }

    @Test func namesAreUniqueAndMakeFileNames() {
        let names = Previews.previews.map(\.name)
        #expect(Set(names).count == names.count)
        for preview in Previews.previews {
            #expect(preview.name.hasPrefix(preview.screen.rawValue + "/"))
            #expect(preview.variant.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(preview.name)")
        }
    }

    /// The in-flight previews run against a service that answers after a day: only a
    /// preview that draws and cancels ever returns, within the time limit: ten minutes, as
    /// the whole suite on a busy machine can keep a test from running for most of one.
    @Test(.timeLimit(.minutes(10)))
    func inFlightPreviewsNeverWaitForAnAnswer() async throws {
        let content = try APIPreviewClient().content
        let inFlight = Previews.previews.filter { ["loading", "signingIn"].contains($0.state) }
        #expect(inFlight.count == 6)
        for preview in inFlight {
            #expect(await preview.render(content: content).state == preview.state)
        }
    }
}
