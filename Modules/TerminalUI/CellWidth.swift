/// How many cells of a monospaced terminal text takes: 2 for East Asian wide and
/// fullwidth characters and emoji, 0 for combining marks and other invisible format
/// characters, 1 for the rest. The tables come from `Scripts/generate-cell-widths`.
public enum CellWidth {
    /// The cells `scalar` takes on its own: 0 for control characters too (which
    /// ``TerminalText/sanitized(_:keepingNewlines:)`` replaces before any layout).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }  // ASCII, most of what is measured
        if value < 0x20 || (0x7F..<0xA0).contains(value) || contains(value, in: zeroWidthRanges) { return 0 }
        return contains(value, in: wideRanges) ? 2 : 1
    }

    /// The cells a grapheme cluster takes: those of its first scalar that takes any, so a
    /// base with combining marks, a Hangul syllable spelled in jamo, a zero-width-joiner
    /// sequence and a regional-indicator pair (a flag) each take what their first scalar
    /// does; and 2 for a narrow emoji such as ♥ followed by U+FE0F, which asks for its
    /// emoji presentation.
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return of(Unicode.Scalar(ascii)) }  // CR LF too: 0
        guard let base = character.unicodeScalars.first(where: { of($0) > 0 }) else { return 0 }
        let width = of(base)
        if width == 1, character.unicodeScalars.contains("\u{FE0F}"), base.properties.isEmoji { return 2 }
        return width
    }

    /// The cells `text` takes: the sum over its characters.
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// Whether `value` lies in one of the ranges of `table`, a sorted list of first and
    /// last code points.
    private static func contains(_ value: UInt32, in table: [UInt32]) -> Bool {
        var low = 0
        var high = table.count / 2
        while low < high {
            let middle = (low + high) / 2
            if value < table[2 * middle] {
                high = middle
            } else if value > table[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
