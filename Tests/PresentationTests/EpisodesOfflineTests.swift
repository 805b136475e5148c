import Domain
import Foundation
import Ports
import Presentation
import Stubs
import Testing

@MainActor
@Suite("EpisodesViewModel: a saved list shown offline, and its age")
struct EpisodesOfflineTests {
    nonisolated static let savedAt = Date(timeIntervalSince1970: 1_795_000_000)

    /// A service answering with a saved list, and a view-model that sees it `age` seconds later.
    static func model(age: TimeInterval, source: (Date) -> Catalogue.Source) throws -> (
        EpisodesViewModel, StubAPIService
    ) {
        let service = StubAPIService(content: try APIPreviewClient().content)
        service.catalogueSource = source(savedAt)
        return (EpisodesViewModel(apiService: service, now: { savedAt + age }), service)
    }

    @Test func aSavedListShownBecauseTheServerIsUnreachableSaysSoWithItsAge() async throws {
        let (model, service) = try Self.model(age: 2 * 3_600) { .saved(savedAt: $0, unreachable: .unreachable) }
        await model.fetchEpisodes()
        let rows = try service.episodesResult.get().map(EpisodeViewModel.init(episode:))
        #expect(
            model.state
                == .offline(rows, savedAt: Self.savedAt, message: "Offline: showing the list saved 2 hours ago."))
    }

    @Test func anOfflineOnlyAnswerIsShownTheSameWay() async throws {
        let (model, _) = try Self.model(age: 90) { .saved(savedAt: $0, unreachable: nil) }
        await model.fetchEpisodes()
        guard case .offline(_, _, let message) = model.state else {
            Issue.record("not offline: \(model.state)")
            return
        }
        #expect(message == "Offline: showing the list saved 1 minute ago.")
    }

    @Test func aFreshSavedListIsJustTheList() async throws {
        let (model, service) = try Self.model(age: 10) { .fresh(savedAt: $0) }
        await model.fetchEpisodes()
        #expect(model.state == .loaded(try service.episodesResult.get().map(EpisodeViewModel.init(episode:))))
    }

    @Test func aFailureAfterAnOfflineListKeepsItsRows() async throws {
        let (model, service) = try Self.model(age: 10) { .saved(savedAt: $0, unreachable: .unreachable) }
        await model.fetchEpisodes()
        let rows = try service.episodesResult.get().map(EpisodeViewModel.init(episode:))
        service.episodesResult = .failure(.failedRequest)
        await model.fetchEpisodes()
        #expect(
            model.state
                == .failed(message: "The list of episodes could not be fetched.", .api(.failedRequest), previous: rows))
    }

    @Test(
        arguments: [
            (0.0 as TimeInterval, "just now"), (59.9, "just now"), (60, "1 minute ago"), (119, "1 minute ago"),
            (120, "2 minutes ago"),
            (3_599, "59 minutes ago"), (3_600, "1 hour ago"), (7_200, "2 hours ago"), (86_399, "23 hours ago"),
            (86_400, "1 day ago"), (3 * 86_400 + 5, "3 days ago"), (-30, "just now"),
        ] as [(TimeInterval, String)])
    func theAgeReadsInWholeUnits(_ seconds: TimeInterval, _ phrase: String) {
        #expect(RelativeAge.phrase(from: Self.savedAt, to: Self.savedAt + seconds) == phrase)
    }

    /// The scripted service, which has no saved list unless told, answers as a service
    /// without a cache does (``/Ports/APIService/catalogueWithoutSavedLists(policy:)``).
    @Test func aServiceWithoutACacheAnswersOfflineOnlyWithNothingSaved() async throws {
        let (spy, _) = Samples.scriptedService()
        let model = EpisodesViewModel(apiService: spy, policy: .offlineOnly)
        await model.fetchEpisodes()
        #expect(
            model.state
                == .failed(message: "You need to have a network connection.", .api(.nothingSaved), previous: nil))
        #expect(try await spy.catalogue(policy: .normal) == Catalogue(episodes: []))
    }
}
