import Domain
import Foundation
import PortContracts
import Presentation
import Testing

/// Words typed with a slip still find their episodes, in the catalogue's own titles; an exact
/// or word-form match ranks first; a word of three letters or fewer must match exactly; and
/// with no match, the nearest titles are offered.
@Suite("EpisodeSearch: a slip of the keyboard is forgiven")
struct EpisodeSearchTypoTests {
    /// The 25 episodes of the catalogue fixture, the newest first.
    static func catalogue() throws -> [Episode] {
        try JSONDecoder().decode([Episode].self, from: Fixtures.data(named: "episodes-catalog"))
    }

    /// The titles that hold the word come first, then the excerpts that do (12's excerpt says
    /// "caching images"; 553's, 551's and 2's say SwiftUI; 556's and 551's, model).
    @Test(arguments: [
        ("cachng", [10, 13, 14, 12]),  // a letter missing: Caching
        ("swfitui", [548, 4, 5, 553, 551, 2]),  // two letters swapped: SwiftUI
        ("autenticating", [556]),  // a letter missing
        ("modle", [553, 556, 551]),  // swapped: Model
        ("futurse", [7, 8]),  // swapped: Futures
        ("xcdoe", [2, 528]),  // swapped: Xcode
        ("erors", [17, 18]),  // a letter missing: Errors
        ("kingfishr", [10]),  // a letter missing
        ("cachhing images", [13, 14, 10, 12]),  // a letter extra, beside a word as typed
        ("viw", []),  // three letters: exact only
        ("zzzz", []),
    ])
    func aWordOneSlipAwayFindsItsEpisodes(text: String, ids: [Int]) throws {
        #expect(EpisodeSearch(text).filter(try Self.catalogue()).map(\.id) == ids)
    }

    @Test(arguments: ["kingfiser", "kingfisherr", "kingfishex", "kingfihser"])
    func everyKindOfSlipIsForgiven(typed: String) throws {
        #expect(EpisodeSearch(typed).filter(try Self.catalogue()).map(\.id) == [10])
    }

    @Test func twoSlipsAreNot() throws {
        #expect(EpisodeSearch("kingfihsre").filter(try Self.catalogue()).isEmpty)
    }

    /// `form` is in the catalogue: it does not also find every "from" one slip away, which would
    /// make a title the words name one of many.
    @Test func aWordThatIsThereDoesNotFindItsNeighbours() throws {
        let found = EpisodeSearch("form").filter(try Self.catalogue())
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { ($0.title + " " + $0.excerpt).lowercased().contains("form") }, "\(found.map(\.id))")
    }

    /// Where an episode holds the word as typed or in another form, those come alone: a slip
    /// never ranks with them.
    @Test func anExactOrWordFormMatchLeavesNoRoomForASlip() {
        let slip = Samples.episode(id: 1, title: "Swift Mpas")
        let exact = Samples.episode(id: 2, title: "Sorting Maps")
        let form = Samples.episode(id: 3, title: "Mapping in Swift")
        #expect(EpisodeSearch("maps").filter([slip, exact, form]).map(\.id) == [2, 3])
        #expect(EpisodeSearch("maps").filter([slip]).map(\.id) == [1])
    }

    /// A title that holds a slip of the word ranks before an excerpt that does.
    @Test func aSlipInTheTitleRanksBeforeOneInTheExcerpt() {
        let inExcerpt = Episode(
            id: 1, title: "Other", excerpt: "About Mpas.", imageURL: URL(string: "https://x/1.svg")!,
            videoDuration: 1, videoID: "v1")
        let inTitle = Samples.episode(id: 2, title: "Swift Mpas")
        #expect(EpisodeSearch("maps").filter([inExcerpt, inTitle]).map(\.id) == [2, 1])
    }

    @Test(arguments: [
        (
            "cahcnig",
            "Did you mean 10 “Image Caching with Kingfisher”, 13 “Caching Images on Disk”, 14 “Caching Images in Memory”?"
        ),
        ("viw", "Did you mean 553 “Adopting the Model-View-ViewModel Pattern”, 3 “What Is a View”?"),
    ])
    func noMatchOffersTheNearestTitles(text: String, said: String) throws {
        let catalogue = try Self.catalogue()
        #expect(EpisodeSearch(text).filter(catalogue).isEmpty)
        #expect(EpisodeSearch(text).didYouMean(among: catalogue) == said)
    }

    @Test func nothingNearOffersNothing() throws {
        #expect(EpisodeSearch("qqqqqqqq").didYouMean(among: try Self.catalogue()) == nil)
    }
}
