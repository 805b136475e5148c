import Domain
import Foundation
import Ports
import Presentation
import Stubs

extension Previews {
    /// The episodes list: never fetched, fetching, fetched with and without episodes,
    /// and each message a failed fetch can show.
    static let episodesList: [Preview] = [
        Preview(.episodes, "idle", state: State.idle, list(.scenario(.signedIn))),
        .inFlight(
            .episodes, state: State.loading(previous: nil), list(.unanswered), starting: { await $0.fetchEpisodes() },
            until: { $0.state != .idle }, cancel: { $0.cancel() }),
        fetched("loaded", .loaded([]), from: .scenario(.signedIn)),
        fetched("empty", .empty, from: .scenario(.emptyList)),
        fetched("failed-network", failed, from: .scenario(.unreachable)),
        fetched("failed-signed-out", failed, from: .failing(.episodes, .unauthorized)),
        fetched("failed-server", failed, from: .scenario(.serverError)),
        Preview(.episodes, "offline", state: State.offline([], savedAt: savedAt, message: "")) { content in
            let service = PreviewScenario.signedIn.service(content: content)
            service.catalogueSource = .saved(savedAt: savedAt, unreachable: .unreachable)
            return EpisodesViewModel(apiService: service, now: { savedAt + 2 * 3_600 })
        } then: {
            await $0.fetchEpisodes()
        },
    ]

    /// When the offline preview's list was saved; it is shown two hours later.
    private static let savedAt = Date(timeIntervalSince1970: 1_795_000_000)

    /// The first episode's details, as the app shows them after fetching the list.
    static let episodeDetail: [Preview] = [
        Preview(.episode, "loaded", state: episodeDetailState) { content, style in
            let list = EpisodesViewModel(apiService: PreviewScenario.signedIn.service(content: content))
            await list.fetchEpisodes()
            guard case .loaded(let rows) = list.state, let row = rows.first else { return list.rendering(style: style) }
            return row.rendering(style: style)
        }
    ]

    private typealias State = EpisodesViewModel.State
    /// A failed list: a preview names only the case it shows, whatever the payload.
    private static let failed = State.failed(message: "", .api(.unknown), previous: nil)

    /// The list over the service of `setup`.
    private static func list(_ setup: ServiceSetup) -> @MainActor @Sendable (PreviewContent) -> EpisodesViewModel {
        { EpisodesViewModel(apiService: setup.service(content: $0)) }
    }

    /// The list after one fetch from the service of `setup`.
    private static func fetched(_ variant: String, _ state: State, from setup: ServiceSetup) -> Preview {
        Preview(.episodes, variant, state: state, list(setup)) { await $0.fetchEpisodes() }
    }
}
