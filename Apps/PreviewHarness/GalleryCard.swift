/// One card of the gallery: a preview's name, screen and state, and its text.
struct GalleryCard: Equatable, Sendable {
    /// The preview's name, `screen/variant`.
    let name: String
    /// The screen's identifier, such as `signIn`.
    let screen: String
    /// The screen's name for people, such as `Sign-in form`.
    let screenTitle: String
    /// The state the view-model was in.
    let state: String
    /// The screen as the terminal shows it, without escape sequences.
    let text: String

    /// The widest line a card of one grid column shows without wrapping it, at 1280 px
    /// (three columns; see ``GalleryStylesheet``).
    static let columnWidth = 46

    /// The card of `preview` as `rendering` drew it.
    init(_ preview: Preview, _ rendering: Preview.Rendering) {
        self.init(
            name: preview.name, screen: preview.screen.rawValue, screenTitle: preview.screen.title,
            state: rendering.state, text: rendering.text)
    }

    /// A card from its parts.
    init(name: String, screen: String, screenTitle: String, state: String, text: String) {
        self.name = name
        self.screen = screen
        self.screenTitle = screenTitle
        self.state = state
        self.text = text
    }

    /// The card's fragment identifier: the name with `/` replaced by `-`.
    var anchor: String {
        String(name.map { $0 == "/" ? "-" : $0 })
    }

    /// Whether the text is laid out in lines wider than a column (a table, a wrapped
    /// excerpt): such a card spans the whole row so that no line wraps. A single long
    /// line, a message, wraps inside a narrow card instead.
    var isWide: Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count > 1 && lines.contains { $0.count > Self.columnWidth }
    }
}
