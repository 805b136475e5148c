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
        let scalars = Array(text.unicodeScalars)
        var runs: [Run] = []
        var style = Style()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == escape {
                let (codes, next) = sequence(in: scalars, from: index)
                codes?.forEach { style.apply($0) }
                index = next
            } else if isPrintable(scalar) {
                if runs.last?.style == style {
                    runs[runs.count - 1].text.unicodeScalars.append(scalar)
                } else {
                    runs.append(Run(text: String(scalar), style: style))
                }
            }
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

    /// Reads the escape sequence whose `ESC` is just before `start`: its SGR codes when it is an
    /// SGR sequence, `nil` otherwise, and the index after it. An unfinished sequence runs to the end.
    private static func sequence(in scalars: [Unicode.Scalar], from start: Int) -> (codes: [Int]?, next: Int) {
        guard start < scalars.count else { return (nil, start) }
        let (introducer, body) = (scalars[start], start + 1)
        if introducer == "[" {
            guard let final = scalars[body...].firstIndex(where: { (0x40...0x7E).contains($0.value) }) else {
                return (nil, scalars.count)
            }
            let parameters = String(String.UnicodeScalarView(scalars[body..<final]))
            return (scalars[final] == "m" ? sgrCodes(parameters) : nil, final + 1)
        }
        if stringIntroducers.contains(introducer) {
            for index in body..<scalars.count {
                if scalars[index] == "\u{07}" { return (nil, index + 1) }
                if scalars[index] == escape, index + 1 < scalars.count, scalars[index + 1] == "\\" {
                    return (nil, index + 2)
                }
            }
            return (nil, scalars.count)
        }
        // Any other escape: intermediate bytes, then one final byte.
        guard isIntermediate(introducer) else { return (nil, body) }
        return (nil, scalars[body...].firstIndex { !isIntermediate($0) }.map { $0 + 1 } ?? scalars.count)
    }

    private static func isIntermediate(_ scalar: Unicode.Scalar) -> Bool { (0x20...0x2F).contains(scalar.value) }

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
