import Domain
import Foundation
import PortContracts
import Ports
import Presentation
import Stores
import Stubs
import TerminalUI
import Testing

@MainActor
@Suite("Screens render every state of their view-model")
struct ScreensTests {
    static func episode(title: String, id: Int = 7, duration: Int = 513) -> Episode {
        Episode(
            id: id, title: title, excerpt: "An excerpt.", imageURL: URL(string: "https://cdn.example/a.svg")!,
            videoDuration: duration, videoID: "v\(id)")
    }

    @Test func theEpisodesTableFitsEightyColumnsWhateverTheTitles() async throws {
        let spy = StubAPIService(content: try APIPreviewClient().content)
        spy.episodesResult = .success([
            Self.episode(title: String(repeating: "Very long title ", count: 10), id: 556),
            Self.episode(title: "\u{1B}[31mInjected\u{1B}[0m", id: 99_999, duration: 36_000),
        ])
        let model = EpisodesViewModel(apiService: spy)
        await model.fetchEpisodes()
        let table = Screens.episodes(model)
        for line in table.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        #expect(table.contains("…"))
        #expect(table.contains("10:00:00"))
        #expect(!table.contains("\u{1B}"))
        #expect(table.contains("␛[31mInjected"))
    }

    @Test func everyEpisodesStateHasItsText() async throws {
        let spy = StubAPIService(content: try APIPreviewClient().content)
        let model = EpisodesViewModel(apiService: spy)
        #expect(Screens.episodes(model) == "No episodes fetched yet.")
        spy.episodesResult = .success([])
        await model.fetchEpisodes()
        #expect(Screens.episodes(model) == "There are no episodes yet.")
        spy.episodesResult = .failure(.unreachable)
        await model.fetchEpisodes()
        #expect(Screens.episodes(model) == "✗ You need to have a network connection.")
    }

    @Test func anOfflineListSaysSoAboveTheTable() async throws {
        let spy = StubAPIService(content: try APIPreviewClient().content)
        let savedAt = Date(timeIntervalSince1970: 1_795_000_000)
        spy.catalogueSource = .saved(savedAt: savedAt, unreachable: .unreachable)
        let model = EpisodesViewModel(apiService: spy, now: { savedAt + 7_200 })
        await model.fetchEpisodes()
        let lines = Screens.episodes(model).split(separator: "\n")
        #expect(lines.first == "Offline: showing the list saved 2 hours ago.")
        #expect(lines.count == 2 + (try spy.episodesResult.get().count))
        spy.episodesResult = .success([])
        await model.fetchEpisodes()
        #expect(Screens.episodes(model) == "Offline: showing the list saved 2 hours ago.\nThere are no episodes yet.")
    }

    @Test func theEpisodeDetailWrapsItsExcerpt() {
        let episode = Episode(
            id: 1, title: "Title", excerpt: String(repeating: "lorem ipsum ", count: 30),
            imageURL: URL(string: "https://cdn.example/a.svg")!, videoDuration: 59, videoID: "595188603")
        let text = Screens.episode(EpisodeViewModel(episode: episode))
        #expect(text.hasPrefix("Title\nEpisode 1 · 0:59 · video 595188603\n\n"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func theSignInFormNeverShowsThePassword() throws {
        let model = SignInViewModel(
            apiService: StubAPIService(content: try APIPreviewClient().content),
            tokenStore: KeyValueTokenStore(store: InMemoryKeyValueStore()))
        #expect(Screens.signIn(model).contains("Enter a valid e-mail address and a password."))
        model.email = "demo@cocoacasts.com"
        model.password = "secret-password"
        let form = Screens.signIn(model)
        #expect(form.contains("Ready to sign in.") && form.contains("demo@cocoacasts.com"))
        #expect(!form.contains("secret-password"))
    }

    @Test func videoAndProgressShowDurations() async throws {
        let spy = StubAPIService(content: try APIPreviewClient().content)
        spy.videoResult = .success(
            Video(
                duration: 279, videoURL: URL(string: "https://v.example/1.m3u8")!,
                imageURL: URL(string: "https://i.example/1")!))
        let video = VideoViewModel(videoID: "1", apiService: spy)
        await video.fetchVideo()
        #expect(Screens.video(video).contains("Duration: 4:39"))
        spy.progressResult = .success(VideoProgress(videoID: "1", cursor: 124))
        let progress = VideoProgressViewModel(videoID: "1", apiService: spy)
        await progress.fetchProgress()
        #expect(Screens.progress(progress) == "Video 1: watched up to 2:04 (124 s).")
    }

    @Test func theProfileTellsAnUnreadableStoreFromASignedOutOne() async {
        let values = FailingKeyValueStore(InMemoryKeyValueStore())
        let model = ProfileViewModel(tokenStore: KeyValueTokenStore(store: values))
        #expect(Screens.profile(model) == "⠋ Checking whether you are signed in…")
        await model.refresh()
        #expect(Screens.profile(model) == "Signed out.")
        values.fail(with: .corrupt(path: "/x/credentials.json", detail: "not JSON"))
        await model.refresh()
        #expect(Screens.profile(model).hasPrefix("✗ The token file /x/credentials.json"))
    }
}
