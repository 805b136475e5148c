/// Terminal text as `TerminalStyle.styled` writes it, read the way a terminal reads it:
/// SGR sequences (`ESC [ … m`) set bold, dim, red and green, combine, and `0` resets
/// them; every other escape sequence and control character is dropped, never passed on.
enum ANSIMarkup {
    /// The attributes SGR codes turn on.
    struct Style: Equatable, Sendable {
        /// A foreground colour.
        enum Colour: String, Sendable {
            case red, green
        }

        var isBold = false
        var isDim = false
        var colour: Colour?

        /// The style after SGR `code`; codes `TerminalStyle` does not write change nothing.
        mutating func apply(_ code: Int) {
            switch code {
            case 0: self = Style()
            case 1: isBold = true
            case 2: isDim = true
            case 31: colour = .red
            case 32: colour = .green
            default: break
            }
        }

        /// The gallery's CSS classes for the style, none when plain.
        var classes: [String] {
            (isBold ? ["sgr-bold"] : []) + (isDim ? ["sgr-dim"] : []) + (colour.map { ["sgr-\($0.rawValue)"] } ?? [])
        }
    }

    /// Text drawn in one style.
    struct Run: Equatable, Sendable {
        var text: String
        let style: Style
    }

    /// `text` as runs of equally styled text, without escape sequences or control
    /// characters other than newlines and tabs.
    static func runs(_ text: String) -> [Run] {
        let scalars = text.unicodeScalars
        var runs: [Run] = []
        var style = Style()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == escape {
                let (codes, next) = sequence(in: scalars, after: index)
                codes?.forEach { style.apply($0) }
                index = next
                continue
            }
            if isPrintable(scalar) {
                if runs.last?.style == style {
                    runs[runs.count - 1].text.unicodeScalars.append(scalar)
                } else {
                    runs.append(Run(text: String(scalar), style: style))
                }
            }
            index = scalars.index(after: index)
        }
        return runs
    }

    /// `text` as HTML: escaped, each styled run in a `span` with the style's classes.
    static func html(_ text: String) -> String {
        runs(text).map { run in
            let classes = run.style.classes
            let escaped = Gallery.escaped(run.text)
            return classes.isEmpty ? escaped : "<span class=\"\(classes.joined(separator: " "))\">\(escaped)</span>"
        }.joined()
    }

    /// `text` as it reads on screen, without any style.
    static func plain(_ text: String) -> String {
        runs(text).map(\.text).joined()
    }

    private static let escape: Unicode.Scalar = "\u{1B}"
    /// The escapes that introduce a string, ended by BEL or `ESC \`: OSC, DCS, SOS, PM, APC.
    private static let stringIntroducers: Set<Unicode.Scalar> = ["]", "P", "X", "^", "_"]

    /// Reads the escape sequence whose `ESC` is at `start`: its SGR codes when it is an SGR
    /// sequence, `nil` otherwise, and the index after it. An unfinished sequence runs to the end.
    private static func sequence(
        in scalars: String.UnicodeScalarView, after start: String.Index
    ) -> (codes: [Int]?, next: String.Index) {
        var index = scalars.index(after: start)
        guard index < scalars.endIndex else { return (nil, index) }
        let introducer = scalars[index]
        index = scalars.index(after: index)
        if introducer == "[" {
            let body = index
            while index < scalars.endIndex, !(0x40...0x7E).contains(scalars[index].value) {
                index = scalars.index(after: index)
            }
            guard index < scalars.endIndex else { return (nil, index) }
            let next = scalars.index(after: index)
            guard scalars[index] == "m" else { return (nil, next) }
            return (sgrCodes(String(scalars[body..<index])), next)
        }
        if stringIntroducers.contains(introducer) {
            while index < scalars.endIndex {
                let scalar = scalars[index]
                index = scalars.index(after: index)
                if scalar == "\u{07}" { break }
                if scalar == escape, index < scalars.endIndex, scalars[index] == "\\" {
                    return (nil, scalars.index(after: index))
                }
            }
            return (nil, index)
        }
        // Any other escape: intermediate bytes, then one final byte.
        var byte = introducer
        while (0x20...0x2F).contains(byte.value), index < scalars.endIndex {
            byte = scalars[index]
            index = scalars.index(after: index)
        }
        return (nil, index)
    }

    /// The codes of SGR parameters such as `1;31`, an empty one meaning `0`; `nil` when
    /// they are not all numbers.
    private static func sgrCodes(_ parameters: String) -> [Int]? {
        let codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { $0.isEmpty ? 0 : Int($0) }
        guard codes.allSatisfy({ $0 != nil }) else { return nil }
        return codes.compactMap { $0 }
    }

    /// Whether `scalar` is text rather than a control character: newlines and tabs are.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\t" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
    }
}
