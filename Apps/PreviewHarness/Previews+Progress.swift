import Domain
import Presentation
import Stubs

extension Previews {
    /// The featured video's progress: never fetched, syncing, watched part-way, not
    /// started (after a delete), and each message a failed request can show.
    static let progress: [Preview] = [
        Preview(.progress, "idle", state: State.idle, tracker(.scenario(.signedIn))),
        .inFlight(
            .progress, state: State.loading(previous: nil), tracker(.unanswered),
            starting: { await $0.fetchProgress() }, until: { $0.state != .idle }, cancel: { $0.cancel() }),
        fetchedProgress("loaded", loaded, from: .scenario(.signedIn)),
        Preview(.progress, "not-started", state: loaded, tracker(.scenario(.signedIn))) { await $0.deleteProgress() },
        fetchedProgress("failed-network", failed, from: .scenario(.unreachable)),
        fetchedProgress("failed-signed-out", failed, from: .scenario(.signedOut)),
        fetchedProgress("failed-server", failed, from: .scenario(.serverError)),
    ]

    private typealias State = VideoProgressViewModel.State
    /// A loaded and a failed progress: a preview names only the case it shows, whatever the payload.
    private static let loaded = State.loaded(VideoProgress(videoID: "", cursor: 0))
    private static let failed = State.failed(message: "", .api(.unknown), previous: nil)

    /// The progress view-model of the featured video over the service of `setup`.
    private static func tracker(_ setup: ServiceSetup)
        -> @MainActor @Sendable (PreviewContent) -> VideoProgressViewModel
    {
        { VideoProgressViewModel(videoID: featuredVideoID(in: $0), apiService: setup.service(content: $0)) }
    }

    /// The progress after one fetch from the service of `setup`.
    private static func fetchedProgress(_ variant: String, _ state: State, from setup: ServiceSetup) -> Preview {
        Preview(.progress, variant, state: state, tracker(setup)) { await $0.fetchProgress() }
    }
}
