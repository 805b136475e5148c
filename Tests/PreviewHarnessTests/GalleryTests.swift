import Foundation
import Stubs
import TestSupport
import Testing

@testable import cocoacasts_preview

@Suite("The HTML gallery")
@MainActor
struct GalleryTests {
    @Test nonisolated func showsOneWellFormedCardPerPreviewWithItsRenderedText() async throws {
        try await TemporaryDirectory.with { directory in
            // Given the gallery written by the harness
            let outcome = await Harness().run(["--html", directory.file("gallery").path])
            #expect(outcome.status == .success)
            let html = try String(contentsOf: directory.file("gallery/index.html"), encoding: .utf8)
            #expect(FileManager.default.fileExists(atPath: directory.file("gallery/style.css").path))

            // Then it is well-formed and has exactly one card per preview, in catalogue order
            let reader = MarkupReader(html)
            #expect(reader.error == nil, "index.html is not well-formed: \(String(describing: reader.error))")
            #expect(html.components(separatedBy: "class=\"card\"").count - 1 == Catalogue.previews.count)
            let cards = reader.elements(named: "article").filter { $0.attributes["class"] == "card" }
            #expect(
                cards.map { $0.attributes["id"] }
                    == Catalogue.previews.map { $0.name.replacingOccurrences(of: "/", with: "-") })
            #expect(reader.elements(named: "h3").map(\.text) == Catalogue.previews.map(\.name))

            // And each card's text, once unescaped, is exactly what the terminal shows
            let content = try APIPreviewClient().content
            var expected: [String] = []
            for preview in Catalogue.previews { expected.append(await preview.render(content: content).text) }
            #expect(reader.elements(named: "pre").map(\.text) == expected)
        }
    }

    @Test func cardsNameTheirScreenAndState() throws {
        let reader = MarkupReader(Gallery(cards: [Self.card(text: "Signed out.")]).indexHTML)
        let meta = reader.elements(named: "span").filter { ["screen", "state"].contains($0.attributes["class"]) }
        #expect(meta.map(\.text) == ["Profile", "signedOut"])
        #expect(reader.elements(named: "h2").map(\.text) == ["Profile"])
    }

    @Test func escapesWhatItShows() throws {
        let text = "a < b && c > \"d\" </pre><script>alert(1)</script>"
        let html = Gallery(cards: [Self.card(name: "profile/<&>", text: text)]).indexHTML
        #expect(html.contains("a &lt; b &amp;&amp; c &gt; &quot;d&quot; &lt;/pre&gt;&lt;script&gt;"))
        #expect(!html.contains("<script>"))
        let reader = MarkupReader(html)
        #expect(reader.error == nil)
        #expect(reader.elements(named: "pre").map(\.text) == [text])
        #expect(reader.elements(named: "h3").map(\.text) == ["profile/<&>"])
    }

    @Test func referencesNothingOutsideTheDirectory() throws {
        let html = Gallery(cards: [Self.card(text: "Poster: https://example.com/a.png")]).indexHTML
        let reader = MarkupReader(html)
        let references = reader.elements.flatMap { [$0.attributes["src"], $0.attributes["href"]] }.compactMap { $0 }
        #expect(references.contains(Gallery.stylesheetFile))
        for reference in references {
            #expect(!reference.contains("://") && !reference.hasPrefix("//"), "\(reference)")
        }
        #expect(!GalleryStylesheet.css.contains("url("))
        #expect(!GalleryStylesheet.css.contains("@import"))
    }

    @Test func tablesSpanTheRowAndMessagesWrapInTheirCard() {
        let table = Self.card(text: "ID  TITLE\n" + String(repeating: "x", count: GalleryCard.columnWidth + 1))
        let message = Self.card(text: "✗ " + String(repeating: "long message ", count: 10))
        #expect(table.isWide)
        #expect(!message.isWide)
        #expect(Gallery(cards: [table]).indexHTML.contains("data-width=\"wide\""))
        #expect(!Gallery(cards: [message]).indexHTML.contains("data-width"))
    }

    static func card(name: String = "profile/signed-out", text: String) -> GalleryCard {
        GalleryCard(name: name, screen: "profile", screenTitle: "Profile", state: "signedOut", text: text)
    }
}
