import Domain
import Foundation
import Presentation
import Testing

@Suite("EpisodeSearch: every word, in title or excerpt, whatever the case")
struct EpisodeSearchTests {
    static let episodes = [
        episode(1, "Building a Sign In Form Using SwiftUI", "We build the user interface."),
        episode(2, "Adopting the Model-View-ViewModel Pattern", "A view model drives the sign in form."),
        episode(3, "Authenticating the Users", "URLSession and basic authentication."),
        episode(4, "Café Crème", "Ünïcode in a title."),
    ]

    @Test(arguments: [
        ("swiftui", [1]),
        ("SWIFTUI", [1]),
        ("sign in", [1, 2]),
        ("in sign", [1, 2]),
        ("sign  swiftui", [1]),
        ("view model", [2]),
        ("authentication", [3]),
        ("CAFÉ ünïcode", [4]),
        ("nothing-like-this", []),
        ("", [1, 2, 3, 4]),
        ("   ", [1, 2, 3, 4]),
    ])
    func findsEveryWord(text: String, ids: [Int]) {
        #expect(EpisodeSearch(text).filter(Self.episodes).map(\.id) == ids)
    }

    @Test func theLimitKeepsTheFirstInTheServersOrder() {
        #expect(EpisodeSearch("").filter(Self.episodes, limit: 2).map(\.id) == [1, 2])
        #expect(EpisodeSearch("sign").filter(Self.episodes, limit: 1).map(\.id) == [1])
        #expect(EpisodeSearch("sign").filter(Self.episodes, limit: 0).isEmpty)
    }

    private static func episode(_ id: Int, _ title: String, _ excerpt: String) -> Episode {
        Episode(
            id: id, title: title, excerpt: excerpt, imageURL: URL(filePath: "/"), videoDuration: 60,
            videoID: "\(id)")
    }
}
