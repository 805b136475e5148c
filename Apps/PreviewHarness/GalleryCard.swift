import TerminalUI

/// One card of the gallery: a preview's name, screen and state, and its text.
struct GalleryCard: Equatable, Sendable {
    /// The preview's name, `screen/variant`.
    let name: String
    /// What sets the preview apart from the screen's others, in words: `Failed network`.
    let title: String
    /// The screen's identifier, such as `signIn`.
    let screen: String
    /// The screen's name for people, such as `Sign-in form`.
    let screenTitle: String
    /// The state the view-model was in, in words, and its kind.
    let state: StateLabel
    /// The screen as the terminal shows it, with its SGR escape sequences (see ``ANSIMarkup``).
    let text: String

    /// The widest line a card of one grid column shows without wrapping it, at 1280 px
    /// (three columns; see ``GalleryStylesheet``).
    static let columnWidth = 46

    /// The card's fragment identifier: the name with `/` replaced by `-`.
    var anchor: String {
        String(name.map { $0 == "/" ? "-" : $0 })
    }

    /// Whether the text is laid out in lines wider than a column (a table, a wrapped
    /// excerpt): such a card spans the whole row so that no line wraps. A message — one
    /// long line, or a failure's two — wraps inside a narrow card instead.
    var isWide: Bool {
        let lines = ANSIMarkup.plain(text).split(separator: "\n", omittingEmptySubsequences: false)
        return state.kind != .failure && lines.count > 1 && lines.contains { $0.count > Self.columnWidth }
    }

    /// The columns a wide card's text is sized to fit (see ``GalleryStylesheet``): its
    /// widest line's cells, up to the 80 the CLI lays its screens out for (a longer line,
    /// a URL, scrolls rather than shrink every other line).
    var columns: Int {
        min(ANSIMarkup.plain(text).split(separator: "\n").map { CellWidth.of(String($0)) }.max() ?? 0, 80)
    }

    /// What the gallery's filter matches, in lower case: name, title, screen, state and kind.
    var searchText: String {
        [name, title, screenTitle, state.title, state.kind.words].joined(separator: " ").lowercased()
    }

    /// A variant in words: `failed-network` is `Failed network`.
    private static func words(_ variant: String) -> String {
        let spaced = String(variant.map { $0 == "-" ? " " : $0 })
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }
}

extension GalleryCard {
    /// The card of `preview` as `rendering` drew it.
    init(_ preview: Preview, _ rendering: Preview.Rendering) {
        self.init(
            name: preview.name, title: Self.words(preview.variant), screen: preview.screen.rawValue,
            screenTitle: preview.screen.title, state: rendering.label, text: rendering.text)
    }
}
