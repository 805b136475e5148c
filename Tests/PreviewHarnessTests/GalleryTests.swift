import Foundation
import PortContracts
import Stubs
import TerminalUI
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
            #expect(html.components(separatedBy: "class=\"card\"").count - 1 == Previews.previews.count)
            let cards = reader.elements(named: "article").filter { $0.attributes["class"] == "card" }
            #expect(
                cards.map { $0.attributes["id"] }
                    == Previews.previews.map { $0.name.replacingOccurrences(of: "/", with: "-") })
            let names = reader.elements(named: "code").filter { $0.attributes["class"] == "name" }
            #expect(names.map(\.text) == Previews.previews.map(\.name))

            // And each card's text, once unescaped and without its colours, is exactly what the terminal shows
            let content = try APIPreviewClient().content
            var expected: [String] = []
            for preview in Previews.previews { expected.append(await preview.render(content: content).text) }
            #expect(reader.elements(named: "pre").map(\.text) == expected)

            // In the terminal's colours
            let styles = Set(reader.elements(named: "span").compactMap { $0.attributes["class"] })
            #expect(styles.isSuperset(of: ["sgr-bold", "sgr-dim", "sgr-red", "sgr-green"]))
            #expect(!html.contains("\u{1B}"))
        }
    }

    @Test nonisolated func failuresHaveTheFailurePillAndEveryPillIsNamedInWords() async throws {
        let content = try APIPreviewClient().content
        var cards: [GalleryCard] = []
        var failures: [String] = []
        for preview in Previews.previews {
            let rendering = await preview.render(content: content, style: .styled)
            cards.append(GalleryCard(preview, rendering))
            if rendering.message != nil { failures.append(preview.name) }
        }
        let reader = MarkupReader(Gallery(cards: cards).indexHTML)
        let articles = reader.elements(named: "article")
        let pills = reader.elements(named: "span").filter { $0.attributes["class"]?.hasPrefix("state ") == true }
        #expect(pills.count == Previews.previews.count)

        for (preview, (article, pill)) in zip(Previews.previews, zip(articles, pills)) {
            let kind = try #require(article.attributes["data-kind"])
            #expect(pill.attributes["class"] == "state state-\(kind)", "\(preview.name)")
            #expect((kind == "failure") == failures.contains(preview.name), "\(preview.name)")
            #expect(pill.text != preview.state && pill.text.first?.isUppercase == true, "\(preview.name)")
        }
        #expect(
            Set(articles.compactMap { $0.attributes["data-kind"] }) == Set(StateLabel.Kind.allCases.map(\.rawValue)))
        let named = Dictionary(zip(Previews.previews.map(\.name), pills.map(\.text)), uniquingKeysWith: { $1 })
        #expect(named["signIn/signing-in"] == "Signing in")
        #expect(named["profile/unreadable-locked"] == "Token store unreadable")
    }

    @Test func pillsCarryTheClassOfTheirKind() {
        let cards = StateLabel.Kind.allCases.map { Self.card(state: StateLabel(title: "\($0)", kind: $0), text: "") }
        let reader = MarkupReader(Gallery(cards: cards).indexHTML)
        let pills = reader.elements(named: "span").filter { $0.attributes["class"]?.hasPrefix("state ") == true }
        #expect(pills.map { $0.attributes["class"] } == StateLabel.Kind.allCases.map { "state state-\($0.rawValue)" })
        #expect(GalleryStylesheet.css.contains(".state-failure"))
    }

    @Test func sectionsNameTheirScreenOnceAndCardsOnlyTheirState() throws {
        let cards = [
            Self.card(text: "Signed out."),
            Self.card(name: "profile/signed-in", state: StateLabel(title: "Signed in", kind: .success), text: ""),
        ]
        let html = Gallery(cards: cards).indexHTML
        let reader = MarkupReader(html)
        #expect(reader.elements(named: "h2").map(\.text) == ["Profile"])
        #expect(html.components(separatedBy: "Profile").count - 1 == 2, "the navigation's link and the heading")
        #expect(reader.elements(named: "h3").map(\.text) == ["Signed out", "Signed in"])
        let meta = reader.elements(named: "p").filter { $0.attributes["class"] == "meta" }
        #expect(meta.map(\.text) == ["Signed out profile/signed-out", "Signed in profile/signed-in"])
    }

    @Test func theFilterIsSelfContainedAndHiddenWithoutScript() throws {
        let html = Gallery(cards: [Self.card(text: "Signed out.")]).indexHTML
        let reader = MarkupReader(html)
        let filter = try #require(reader.elements.first { $0.attributes["id"] == "filter" })
        #expect(filter.attributes["hidden"] == "hidden")
        let input = try #require(reader.elements(named: "input").first)
        #expect(input.attributes["type"] == "search" && input.attributes["id"] == "filter-text")
        #expect(reader.elements.first { $0.attributes["id"] == "filter-count" }?.text == "1 of 1 shown")

        let scripts = reader.elements(named: "script")
        #expect(scripts.count == 1)
        let script = try #require(scripts.first)
        #expect(script.attributes["src"] == nil)
        #expect(script.text.contains("addEventListener(\"input\"") && script.text.contains("data-search"))
        #expect(!script.text.contains("://") && !script.text.contains("import"))

        let card = try #require(reader.elements(named: "article").first)
        #expect(card.attributes["data-search"] == "profile/signed-out signed out profile signed out idle")
    }

    @Test func escapesWhatItShows() throws {
        let text = "a < b && c > \"d\" </pre><script>alert(1)</script>"
        let html = Gallery(cards: [Self.card(name: "profile/<&>", text: text)]).indexHTML
        #expect(html.contains("a &lt; b &amp;&amp; c &gt; &quot;d&quot; &lt;/pre&gt;&lt;script&gt;"))
        #expect(!html.contains("<script>alert"))
        let reader = MarkupReader(html)
        #expect(reader.error == nil)
        #expect(reader.elements(named: "pre").map(\.text) == [text])
        #expect(
            reader.elements(named: "code").filter { $0.attributes["class"] == "name" }.map(\.text) == ["profile/<&>"])
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
        let styled = Self.card(
            text: "\u{1B}[1mID  TITLE\u{1B}[0m\n" + String(repeating: "x", count: GalleryCard.columnWidth))
        #expect(table.isWide)
        #expect(!message.isWide)
        #expect(!styled.isWide, "escape sequences take no room")
        #expect(Gallery(cards: [table]).indexHTML.contains("data-width=\"wide\""))
        #expect(!Gallery(cards: [message]).indexHTML.contains("data-width"))
    }

    static func card(
        name: String = "profile/signed-out", state: StateLabel = StateLabel(title: "Signed out", kind: .idle),
        text: String
    ) -> GalleryCard {
        let title = state.title
        return GalleryCard(
            name: name, title: title, screen: "profile", screenTitle: "Profile", state: state, text: text)
    }
}

/// The gallery on a small screen and its failure cards, as they once were: a
/// failure showed one of the CLI's two lines, and a table's columns hid past 500 px.
@Suite("The gallery's failures and narrow screens")
struct GalleryFailureAndWidthTests {
    /// The gallery's cards, as `--html` draws them.
    private static func cards() async throws -> [GalleryCard] {
        let content = try APIPreviewClient().content
        var cards: [GalleryCard] = []
        for preview in Previews.previews {
            cards.append(GalleryCard(preview, await preview.render(content: content, style: .styled)))
        }
        return cards
    }

    @Test func failureCardsShowTheCLIsLinesAndTheScreensSentence() async throws {
        // A token store's failure (the profile's, a sign-in's) is a sentence of its own: the screen shows just that.
        let failures = try await Self.cards().filter {
            $0.state.kind == .failure && $0.screen != "profile" && $0.name != "signIn/failed-store"
        }
        #expect(failures.count >= 12)
        for card in failures {
            let lines = ANSIMarkup.plain(card.text).components(separatedBy: "\n")
            #expect(lines.count == 2 && lines[0].hasPrefix("✗ ") && lines[1].hasPrefix("  "), "\(card.name): \(lines)")
            #expect(!card.isWide, "\(card.name) wraps in its card")
        }
        let network = try #require(failures.first { $0.name == "episodes/failed-network" })
        #expect(
            ANSIMarkup.plain(network.text)
                == "✗ Could not connect to 127.0.0.1 port 8080 (Couldn't connect to server). Check that the server is "
                + "running and that the base URL is right.\n  You need to have a network connection.")
    }

    /// At 500 px every wide card's text, sized by the stylesheet's rule for its
    /// `--columns`, fits inside the card, so no column of a table is scrolled out of sight.
    @Test func noColumnHidesAtFiveHundredPixels() async throws {
        let css = GalleryStylesheet.css
        let rule = try #require(
            css.firstMatch(
                of: #/font-size: min\(12\.5px, calc\(\(100vw - (\d+)px\) / \(var\(--columns\) \* ([\d.]+)\)\)\)/#))
        let (chrome, cellWidth) = (Double(rule.1)!, Double(rule.2)!)
        // At 500 px (under the 600 px breakpoint): page 12 + card 10 + 1 border + text 10, each side.
        let room = 500.0 - 2 * (12 + 10 + 1 + 10)
        let fontSize = min(12.5, (500 - chrome) / (Double(80) * cellWidth))
        #expect(Double(80) * 0.602 * fontSize <= room, "80 DejaVu Sans Mono cells fit")
        let html = Gallery(cards: try await Self.cards()).indexHTML
        let wide = MarkupReader(html).elements(named: "article").filter { $0.attributes["data-width"] == "wide" }
        #expect(wide.count >= 3)
        for card in try await Self.cards() where card.isWide {
            #expect(
                html.contains(
                    "id=\"\(card.anchor)\" data-kind=\"\(card.state.kind.rawValue)\" data-width=\"wide\" style=\"--columns: \(card.columns)\""
                ), "\(card.name)")
            let size = min(12.5, (500 - chrome) / (Double(card.columns) * cellWidth))
            #expect(Double(card.columns) * 0.602 * size <= room, "\(card.name): \(card.columns) columns")
            if card.screen == "episodes" {
                let widest = ANSIMarkup.plain(card.text).split(separator: "\n").map { CellWidth.of(String($0)) }.max()
                #expect(widest == card.columns, "\(card.name): the whole table is sized to fit")
            }
        }
    }
}
