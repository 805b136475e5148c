import TerminalUI

/// How the CLI draws on this terminal: colour and cursor control per stream, the glyphs
/// the locale can show, and the width the table fits.
///
/// A stream gets colour when it is a terminal, `TERM` is not `dumb` and `NO_COLOR` is
/// unset or empty (no-color.org); `--color always` or `never` overrides. The spinner
/// (carriage returns and line erasing on standard error) follows standard error's
/// decision, but only ever on a terminal. Symbols are ASCII unless the locale's charset
/// (`LC_ALL`, else `LC_CTYPE`, else `LANG`) is UTF-8. The width is the terminal's, else
/// `COLUMNS`, else 80.
struct Appearance: Equatable {
    /// The variable that, set and not empty, turns colour off (no-color.org).
    static let noColorVariable = "NO_COLOR"

    /// For standard output.
    let output: TerminalStyle
    /// For standard error.
    let error: TerminalStyle
    /// Whether the spinner may draw on standard error.
    let animates: Bool
    /// Terminal cells per line.
    let width: Int

    init(console: any Console, environment: [String: String], color: String) {
        let isUnicode = Self.localeIsUTF8(environment)
        let wantsColor =
            environment["TERM"] != "dumb" && (environment[Self.noColorVariable] ?? "").isEmpty
        func style(_ isTerminal: Bool) -> TerminalStyle {
            let enabled =
                switch color {
                case "always": true
                case "never": false
                default: isTerminal && wantsColor
                }
            return TerminalStyle(isEnabled: enabled, isUnicode: isUnicode)
        }
        output = style(console.isOutputTerminal)
        error = style(console.isErrorTerminal)
        animates = console.isErrorTerminal && environment["TERM"] != "dumb" && error.isEnabled
        width =
            console.terminalColumns ?? environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 80
    }

    /// Whether the first locale variable set names a UTF-8 charset (`C.UTF-8`, `en_US.utf8`).
    static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let charset = name.split(separator: ".").dropFirst().first?.split(separator: "@").first ?? ""
        return ["utf-8", "utf8"].contains(charset.lowercased())
    }
}
