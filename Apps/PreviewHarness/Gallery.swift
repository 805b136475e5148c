import Foundation

/// The static HTML gallery: `index.html` with one card per preview, grouped by screen,
/// each in the colours the terminal shows, a filter box, and `style.css`. Self-contained
/// (its one script inline; no script, font or image from anywhere), and written as
/// XHTML-compatible markup, every element closed and every attribute quoted, so any XML
/// parser reads it.
struct Gallery {
    /// The cards, in the order shown.
    let cards: [GalleryCard]

    /// The name of the page.
    static let indexFile = "index.html"
    /// The name of the stylesheet.
    static let stylesheetFile = "style.css"

    /// Writes `index.html` and `style.css` into `directory`, creating it when missing.
    func write(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(GalleryStylesheet.css.utf8).write(
            to: directory.appendingPathComponent(Self.stylesheetFile), options: .atomic)
        try Data(indexHTML.utf8).write(to: directory.appendingPathComponent(Self.indexFile), options: .atomic)
    }

    /// The page.
    var indexHTML: String {
        let screens = self.screens
        let navigation = screens.map { screen in
            "<li><a href=\"#screen-\(Self.escaped(screen.id))\">\(Self.escaped(screen.title))</a> "
                + "<span class=\"count\">\(screen.cards.count)</span></li>"
        }
        let sections = screens.map { screen in
            [
                "<section id=\"screen-\(Self.escaped(screen.id))\">", "<h2>\(Self.escaped(screen.title))</h2>",
                "<div class=\"cards\">",
            ] + screen.cards.map(Self.card) + ["</div>", "</section>"]
        }
        let head = [
            "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\" />",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />",
            "<title>Cocoacasts previews</title>", "<link rel=\"stylesheet\" href=\"\(Self.stylesheetFile)\" />",
            "</head>",
        ]
        let intro = [
            "<body>", "<header class=\"page\">", "<h1>Cocoacasts previews</h1>",
            "<p>\(cards.count) previews of \(screens.count) screens, drawn by <code>cocoacasts-preview</code> "
                + "exactly as the terminal shows them: each is a real view-model driven by a Stubs service or store.</p>",
            "<nav><ul>", navigation.joined(separator: "\n"), "</ul></nav>", GalleryFilter.box(total: cards.count),
            "</header>", "<main>",
        ]
        let end = ["</main>", GalleryFilter.script, "</body>", "</html>", ""]
        return (head + intro + sections.flatMap { $0 } + end)
            .joined(separator: "\n")
    }

    /// The cards grouped by screen, screens in order of first appearance.
    private var screens: [(id: String, title: String, cards: [GalleryCard])] {
        var groups: [(id: String, title: String, cards: [GalleryCard])] = []
        for card in cards {
            if let index = groups.firstIndex(where: { $0.id == card.screen }) {
                groups[index].cards.append(card)
            } else {
                groups.append((card.screen, card.screenTitle, [card]))
            }
        }
        return groups
    }

    private static func card(_ card: GalleryCard) -> String {
        let width = card.isWide ? " data-width=\"wide\" style=\"--columns: \(card.columns)\"" : ""
        let kind = card.state.kind.rawValue
        return [
            "<article class=\"card\" id=\"\(escaped(card.anchor))\" data-kind=\"\(kind)\"\(width) "
                + "data-search=\"\(escaped(card.searchText))\">",
            "<h3>\(escaped(card.title))</h3>",
            "<p class=\"meta\"><span class=\"state state-\(kind)\">\(escaped(card.state.title))</span> "
                + "<code class=\"name\">\(escaped(card.name))</code></p>",
            "<pre>\(ANSIMarkup.html(card.text))</pre>", "</article>",
        ].joined(separator: "\n")
    }

    /// `text` safe inside an element or a quoted attribute.
    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("\"", with: "&quot;")
    }
}
