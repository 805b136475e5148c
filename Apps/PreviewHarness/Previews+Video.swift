import Domain
import Foundation
import Presentation
import Stubs

extension Previews {
    /// The featured episode's video: never fetched, fetching, fetched, and each message
    /// a failed fetch can show.
    static let video: [Preview] = [
        Preview(.video, "idle", state: State.idle, player(.scenario(.signedIn))),
        .inFlight(
            .video, state: State.loading(previous: nil), player(.unanswered), starting: { await $0.fetchVideo() },
            until: { $0.state != .idle }, cancel: { $0.cancel() }),
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
    private static func player(_ setup: ServiceSetup) -> @MainActor @Sendable (PreviewContent) -> VideoViewModel {
        { VideoViewModel(videoID: featuredVideoID(in: $0), apiService: setup.service(content: $0)) }
    }

    /// The video after one fetch from the service of `setup`.
    private static func fetchedVideo(_ variant: String, _ state: State, from setup: ServiceSetup) -> Preview {
        Preview(.video, variant, state: state, player(setup)) { await $0.fetchVideo() }
    }
}
