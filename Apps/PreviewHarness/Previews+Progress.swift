import Domain
import Presentation
import Stubs

extension Previews {
    /// The featured video's progress: never fetched, syncing, watched part-way, not
    /// started (after a delete), and each message a failed request can show.
    static let progress: [Preview] = [
        Preview(.progress, "idle", state: State.idle) { content, style in
            .init(tracker(.scenario(.signedIn), content: content), style: style)
        },
        Preview(.progress, "loading", state: State.loading(previous: nil)) { content, style in
            let model = tracker(.unanswered, content: content)
            return await InFlight.draw(
                starting: model.fetchProgress, until: { model.state != .idle }, { .init(model, style: style) },
                cancel: model.cancel)
        },
        fetchedProgress("loaded", loaded, from: .scenario(.signedIn)),
        Preview(.progress, "not-started", state: loaded) { content, style in
            let model = tracker(.scenario(.signedIn), content: content)
            await model.deleteProgress()
            return .init(model, style: style)
        },
        fetchedProgress("failed-network", failed, from: .scenario(.unreachable)),
        fetchedProgress("failed-signed-out", failed, from: .scenario(.signedOut)),
        fetchedProgress("failed-server", failed, from: .scenario(.serverError)),
    ]

    private typealias State = VideoProgressViewModel.State
    /// A loaded and a failed progress: a preview names only the case it shows, whatever the payload.
    private static let loaded = State.loaded(VideoProgress(videoID: "", cursor: 0))
    private static let failed = State.failed(message: "", .api(.unknown), previous: nil)

    /// The progress view-model of the featured video over the service of `setup`.
    @MainActor
    private static func tracker(_ setup: ServiceSetup, content: PreviewContent) -> VideoProgressViewModel {
        VideoProgressViewModel(videoID: featuredVideoID(in: content), apiService: setup.service(content: content))
    }

    /// The progress after one fetch from the service of `setup`.
    private static func fetchedProgress(_ variant: String, _ state: State, from setup: ServiceSetup) -> Preview {
        Preview(.progress, variant, state: state) { content, style in
            let model = tracker(setup, content: content)
            await model.fetchProgress()
            return .init(model, style: style)
        }
    }
}
