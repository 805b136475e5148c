import Domain
import Foundation
import Presentation
import Testing

@Suite("EpisodeRowViewModel")
struct EpisodeRowViewModelTests {
    @Test func showsTitleExcerptAndFormattedDuration() throws {
        let episode = Episode(
            id: 556, title: "Authenticating the Users", excerpt: "With the view…",
            imageURL: try #require(URL(string: "https://cdn.cocoacasts.com/a.svg")), videoDuration: 513,
            videoID: "632759499")
        let row = EpisodeRowViewModel(episode: episode)
        #expect(row.id == 556)
        #expect(row.title == "Authenticating the Users")
        #expect(row.excerpt == "With the view…")
        #expect(row.duration == "8:33")
    }
}
