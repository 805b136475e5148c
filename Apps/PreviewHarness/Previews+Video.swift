import Domain
import Foundation
import Presentation
import Stubs

extension Previews {
    /// The featured episode's video: never fetched, fetching, fetched, and each message
    /// a failed fetch can show.
    static let video: [Preview] = [
        Preview(.video, "idle", state: State.idle) { content, style in
            .init(player(.scenario(.signedIn), content: content), style: style)
        },
        Preview(.video, "loading", state: State.loading(previous: nil)) { content, style in
            let model = player(.unanswered, content: content)
            return await InFlight.draw(
                starting: model.fetchVideo, until: { model.state != .idle }, { .init(model, style: style) },
                cancel: model.cancel)
        },
        fetchedVideo("loaded", loaded, from: .scenario(.signedIn)),
        fetchedVideo("failed-network", failed, from: .scenario(.unreachable)),
        fetchedVideo("failed-signed-out", failed, from: .scenario(.signedOut)),
        fetchedVideo("failed-server", failed, from: .scenario(.serverError)),
    ]

    private typealias State = VideoViewModel.State
    /// A loaded and a failed video: a preview names only the case it shows, whatever the payload.
    private static let loaded = State.loaded(
        Video(duration: 0, videoURL: URL(filePath: "/"), imageURL: URL(filePath: "/")))
    private static let failed = State.failed(message: "", .api(.unknown), previous: nil)

    /// The view-model of the featured video over the service of `setup`.
    @MainActor
    private static func player(_ setup: ServiceSetup, content: PreviewContent) -> VideoViewModel {
        VideoViewModel(videoID: featuredVideoID(in: content), apiService: setup.service(content: content))
    }

    /// The video after one fetch from the service of `setup`.
    private static func fetchedVideo(_ variant: String, _ state: State, from setup: ServiceSetup) -> Preview {
        Preview(.video, variant, state: state) { content, style in
            let model = player(setup, content: content)
            await model.fetchVideo()
            return .init(model, style: style)
        }
    }
}
