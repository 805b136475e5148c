import Domain
import Presentation

/// The picker's state and its lines: episodes, the words typed to narrow them, and the one
/// chosen. The CLI reads the keys and draws the lines inline, below what is on the terminal.
public struct EpisodePicker: Equatable, Sendable {
    /// An episode offered, with how far the viewer is in it when that is known.
    public struct Row: Equatable, Sendable {
        public let episode: Episode
        public let percent: Int?

        public init(episode: Episode, percent: Int?) {
            self.episode = episode
            self.percent = percent
        }
    }

    /// The prompt, before the words typed.
    public static let prompt = "Pick (↑↓ Enter, Esc quits): "
    /// At most how many rows show at once; the list scrolls past them.
    public static let visibleRows = 8

    private let rows: [Row]
    /// The words typed to narrow the list.
    public private(set) var query = ""
    /// The row chosen among ``matches``.
    public private(set) var selection = 0

    public init(_ rows: [Row]) {
        self.rows = rows
    }

    /// The rows the words typed find, the best first (all of them, in order, before any).
    public var matches: [Row] {
        let search = EpisodeSearch(query)
        guard !search.words.isEmpty else { return rows }
        let byID = Dictionary(rows.map { ($0.episode.id, $0) }, uniquingKeysWith: { first, _ in first })
        return search.filter(rows.map(\.episode)).compactMap { byID[$0.id] }
    }

    /// The episode Enter would choose, if any row is left.
    public var chosen: Episode? {
        let matches = matches
        return matches.indices.contains(selection) ? matches[selection].episode : nil
    }

    public mutating func type(_ character: Character) {
        query.append(character)
        selection = 0
    }

    public mutating func deleteBackward() {
        guard !query.isEmpty else { return }
        query.removeLast()
        selection = 0
    }

    public mutating func moveDown() {
        selection = min(selection + 1, max(0, matches.count - 1))
    }

    public mutating func moveUp() {
        selection = max(selection - 1, 0)
    }

    /// The lines to draw, `width` cells at most each (one fewer, so that no terminal wraps
    /// them): the rows in view, then how many match, the prompt and the words typed, where
    /// the cursor stays.
    public func lines(width: Int, style: TerminalStyle = .plain) -> [String] {
        let room = max(width - 1, 10)
        let matches = matches
        let first = min(max(0, selection - Self.visibleRows + 1), max(0, matches.count - Self.visibleRows))
        let shown = matches.indices.dropFirst(first).prefix(Self.visibleRows)
        var lines = shown.map { index in
            line(matches[index], chosen: index == selection, width: room, style: style)
        }
        if matches.isEmpty { lines.append(style.dim(TerminalText.truncated("  no episode matches", to: room))) }
        // The count first, so that the cursor rests after the words typed.
        let count = "\(matches.count)/\(rows.count) "
        lines.append(
            style.dim(count)
                + TerminalText.truncated(
                    Self.prompt + TerminalText.sanitized(query), to: room - CellWidth.of(count),
                    ellipsis: style.ellipsis))
        return lines
    }

    /// `› 556  Authenticating the Users  48%`, the title cut to fit.
    private func line(_ row: Row, chosen: Bool, width: Int, style: TerminalStyle) -> String {
        let mark = chosen ? "›" : " "
        let id = String(row.episode.id)
        let percent = row.percent.map { $0 > 0 ? "  \($0)%" : "" } ?? ""
        let titleRoom = max(4, width - 2 - CellWidth.of(id) - 2 - CellWidth.of(percent))
        let title = TerminalText.truncated(
            TerminalText.sanitized(row.episode.title), to: titleRoom, ellipsis: style.ellipsis)
        let text = "\(mark) \(id)  \(title)\(percent)"
        return chosen ? style.bold(text) : text
    }
}
