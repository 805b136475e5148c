/// Text from a server (or any untrusted place) made safe for a terminal, and laid out.
public enum TerminalText {
    /// `text` with every control character — escape sequences, carriage returns,
    /// backspaces, bidirectional overrides — replaced by a visible stand-in, so a title
    /// cannot move the cursor, recolour the terminal or disguise itself. Keeps `\n` only
    /// when `keepingNewlines`.
    public static func sanitized(_ text: String, keepingNewlines: Bool = false) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepingNewlines: result.append(scalar)
            case 0x09: result.append(" ")
            case 0x00...0x1F: result.append(Unicode.Scalar(0x2400 + scalar.value)!)  // ␀…␟, ␛ for ESC
            case 0x7F: result.append("\u{2421}")  // ␡
            case _ where JSONStringEscaping.isTerminalControl(scalar): result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// JSON text with DEL, the C1 controls and bidirectional overrides written as `\uXXXX`,
    /// which JSON allows anywhere in a string and a terminal cannot act on. (Outside
    /// strings JSON text is plain ASCII, so only string contents change.)
    public static func jsonEscapingTerminalControls(_ json: String) -> String {
        var json = json
        var escaped: [UInt8] = []
        json.withUTF8 { utf8 in
            escaped.reserveCapacity(utf8.count)
            JSONStringEscaping.appendTerminalControls(utf8, to: &escaped)
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// `text` cut to at most `width` cells, between grapheme clusters, ending in `ellipsis`
    /// (`…`, one cell, unless told otherwise) when cut. When a wide character does not fit
    /// before the ellipsis, a space follows it, so a cut text always takes exactly `width` cells.
    public static func truncated(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard CellWidth.of(text) > width else { return text }
        let mark = CellWidth.of(ellipsis) <= width ? ellipsis : ""
        let room = width - CellWidth.of(mark)
        var result = ""
        var cells = 0
        for character in text {
            let next = CellWidth.of(character)
            if cells + next > room { break }
            result.append(character)
            cells += next
        }
        return result + mark + String(repeating: " ", count: room - cells)
    }

    /// `text` padded with spaces to `width` cells, on the left when `alignedRight`.
    public static func padded(_ text: String, to width: Int, alignedRight: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - CellWidth.of(text)))
        return alignedRight ? padding + text : text + padding
    }
}
