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

    /// A word finds its other forms: `cache` misses no "Caching".
    @Test(arguments: [
        ("cache", [10]), ("caches", [10]), ("cached images", [10]), ("image", [10]), ("disks", [10]),
        ("authenticate", [3]), ("user", [3, 1]), ("cach", [10]), ("xyz", []),
    ])
    func aWordFindsItsOtherForms(text: String, ids: [Int]) {
        let episodes = Self.episodes + [Self.episode(10, "Caching Images on Disk", "Store what was fetched.")]
        #expect(EpisodeSearch(text).filter(episodes).map(\.id) == ids)
    }

    /// The best matches first: a word of the title over one of the excerpt, a whole word over
    /// another form or a part of a word; equal matches in the server's order.
    @Test func theBestMatchesComeFirst() {
        let episodes = [
            Self.episode(1, "Testing the Networking Layer", "We mock URLSession."),
            Self.episode(2, "Networking with URLSession", "Requests."),
            Self.episode(3, "Decoding", "A urlsessions pun."),
        ]
        #expect(EpisodeSearch("urlsession").filter(episodes).map(\.id) == [2, 1, 3])
        #expect(EpisodeSearch("networking").filter(episodes).map(\.id) == [1, 2])
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
