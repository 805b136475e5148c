extension TerminalText {
    /// `text` broken into lines of at most `width` cells (at least 1) at spaces. A word
    /// wider than that is broken after a `/` where it has one (a path, a URL), else between
    /// its characters (a run of Japanese). Colour sequences take no cells.
    public static func wrapped(_ text: String, to width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var line = ""
        var cells = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let wordCells = visibleWidth(word)
            if !line.isEmpty, cells + 1 + wordCells <= width {
                line += " " + word
                cells += 1 + wordCells
                continue
            }
            if !line.isEmpty { lines.append(line) }
            let pieces = wordCells <= width ? [word] : broken(word, to: width)
            lines += pieces.dropLast()
            line = pieces.last ?? ""
            cells = visibleWidth(line)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// `text`, each of its lines wider than `width` cells broken at spaces, as help and
    /// `status` lay out a label and its text: a line such as `  --color WHEN   colour …` or
    /// `  Token file: /home/…` continues under its text; when that leaves the text fewer
    /// than ``minimumTextWidth`` cells, the text moves under the label, indented by 4.
    public static func fitted(_ text: String, to width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { fittedLine(String($0), to: max(1, width)) }.joined(separator: "\n")
    }

    /// The narrowest column ``fitted(_:to:)`` keeps beside a label.
    public static let minimumTextWidth = 24

    /// The cells `text` takes on a terminal, not counting colour sequences (`ESC [ … m`).
    public static func visibleWidth(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiVisibleWidth(text.utf8) }
        var cells = 0
        var inSequence = false
        for character in text {
            if character == "\u{1B}" {
                inSequence = true
            } else if inSequence {
                if character.isLetter { inSequence = false }
            } else {
                cells += CellWidth.of(character)
            }
        }
        return cells
    }

    /// ``visibleWidth(_:)`` of ASCII text, byte by byte: every printable byte one cell.
    private static func asciiVisibleWidth(_ utf8: String.UTF8View) -> Int {
        var cells = 0
        var inSequence = false
        for byte in utf8 {
            if byte == 0x1B {
                inSequence = true
            } else if inSequence {
                if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { inSequence = false }
            } else if byte >= 0x20 && byte != 0x7F {
                cells += 1
            }
        }
        return cells
    }

    private static func fittedLine(_ line: String, to width: Int) -> [String] {
        guard visibleWidth(line) > width else { return [line] }
        let indent = line.prefix { $0 == " " }.count
        let body = line.dropFirst(indent)
        guard let gap = labelEnd(body), let textStart = body[gap.upperBound...].firstIndex(where: { $0 != " " })
        else {
            return wrapped(String(body), to: width - indent).map { spaces(indent) + $0 }
        }
        let label = String(body[..<gap.lowerBound])
        let rest = String(body[textStart...])
        let column = indent + visibleWidth(String(body[..<textStart]))
        if width - column >= minimumTextWidth {
            let lines = wrapped(rest, to: width - column)
            return [spaces(indent) + String(body[..<textStart]) + (lines.first ?? "")]
                + lines.dropFirst().map { spaces(column) + $0 }
        }
        return wrapped(label, to: width - indent).map { spaces(indent) + $0 }
            + wrapped(rest, to: width - indent - 4).map { spaces(indent + 4) + $0 }
    }

    /// Where the label of a labelled line ends: at its first run of two spaces, or after a
    /// short label of words and a colon (`Token file: `, `USAGE: `).
    private static func labelEnd(_ line: Substring) -> Range<Substring.Index>? {
        let gap = line.firstRange(of: "  ")
        guard let colon = line.firstRange(of: ": "), colon.lowerBound < (gap?.lowerBound ?? line.endIndex),
            line.distance(from: line.startIndex, to: colon.lowerBound) < 16,
            line[..<colon.lowerBound].allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" })
        else { return gap }
        return line.index(after: colon.lowerBound)..<colon.upperBound
    }

    /// A word wider than `width` in pieces of at most `width` cells, each ending after a
    /// `/` where one falls in it.
    private static func broken(_ word: String, to width: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(word)
        while visibleWidth(String(rest)) > width {
            var end = rest.startIndex
            var cells = 0
            var lastSlash: String.Index?
            while end < rest.endIndex, cells + CellWidth.of(rest[end]) <= width {
                cells += CellWidth.of(rest[end])
                if rest[end] == "/" { lastSlash = rest.index(after: end) }
                end = rest.index(after: end)
            }
            if end == rest.startIndex { end = rest.index(after: end) }  // a wide character in one cell
            let cut = lastSlash ?? end
            pieces.append(String(rest[..<cut]))
            rest = rest[cut...]
        }
        return pieces + (rest.isEmpty ? [] : [String(rest)])
    }

    private static func spaces(_ count: Int) -> String { String(repeating: " ", count: max(0, count)) }
}
