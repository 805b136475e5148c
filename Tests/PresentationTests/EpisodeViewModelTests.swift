import Domain
import Foundation
import Presentation
import Testing

@Suite("EpisodeViewModel")
struct EpisodeViewModelTests {
    @Test func showsTheEpisodesDetails() throws {
        // Given the first episode of the fixtures
        let episode = try #require(try Samples.episodes().first)

        // When
        let detail = EpisodeViewModel(episode: episode)

        // Then
        #expect(detail.id == 1)
        #expect(detail.title == "Customizing Views with Modifiers")
        #expect(detail.excerpt.hasPrefix("To customize a view in a UIKit or AppKit application"))
        #expect(detail.duration == "8:33")
        #expect(detail.videoID == "595188603")
        #expect(detail.imageURL.absoluteString.hasSuffix("swiftui-fundamentals-customizing-views-with-modifiers.svg"))
    }

    @Test(arguments: [(59, "0:59"), (513, "8:33"), (3725, "1:02:05")])
    func formatsTheDuration(seconds: Int, expected: String) {
        let detail = EpisodeViewModel(episode: Samples.episode(id: 7, videoDuration: seconds))

        #expect(detail.duration == expected)
        #expect(detail.videoID == "video-7")
        #expect(detail.imageURL == URL(string: "https://cdn.cocoacasts.com/7.svg"))
    }

    @Test func isAValueComparedByItsEpisode() {
        #expect(EpisodeViewModel(episode: Samples.episode(id: 1)) == EpisodeViewModel(episode: Samples.episode(id: 1)))
        #expect(EpisodeViewModel(episode: Samples.episode(id: 1)) != EpisodeViewModel(episode: Samples.episode(id: 2)))
    }
}
