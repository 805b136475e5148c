import TerminalUI
import Testing

@testable import cocoacasts

/// The colour, glyph and width rules, decided from the streams and the environment.
@MainActor
@Suite("Colour, symbols and width follow the terminal and the conventions")
struct AppearanceTests {
    private static func appearance(
        stdout: Bool = true, stderr: Bool = true, columns: Int? = nil, _ environment: [String: String] = [:],
        color: String = "auto"
    ) -> Appearance {
        let console = RecordingConsole(isOutputTerminal: stdout, isErrorTerminal: stderr, terminalColumns: columns)
        return Appearance(console: console, environment: ["TERM": "xterm"].merging(environment) { $1 }, color: color)
    }

    @Test func aTerminalGetsColourAndTheSpinner() {
        let both = Self.appearance()
        #expect(both.output.isEnabled && both.error.isEnabled && both.animates)
    }

    @Test func aDumbTerminalGetsNeitherColourNorCursorControl() {
        let dumb = Self.appearance(["TERM": "dumb"])
        #expect(!dumb.output.isEnabled && !dumb.error.isEnabled && !dumb.animates)
    }

    @Test func onlyANonEmptyNoColorTurnsColourOff() {
        #expect(Self.appearance(["NO_COLOR": ""]).output.isEnabled)
        let off = Self.appearance(["NO_COLOR": "1"])
        #expect(!off.output.isEnabled && !off.error.isEnabled && !off.animates)
    }

    @Test func colorFlagOverridesTheStreamsAndTheEnvironment() {
        let always = Self.appearance(stdout: false, stderr: false, ["NO_COLOR": "1", "TERM": "dumb"], color: "always")
        #expect(always.output.isEnabled && always.error.isEnabled)
        #expect(!always.animates, "a spinner is never drawn into a file or pipe")
        let never = Self.appearance(color: "never")
        #expect(!never.output.isEnabled && !never.error.isEnabled && !never.animates)
    }

    @Test func eachStreamIsDecidedByItself() {
        let stdoutOnly = Self.appearance(stdout: true, stderr: false)
        #expect(stdoutOnly.output.isEnabled && !stdoutOnly.error.isEnabled && !stdoutOnly.animates)
        let stderrOnly = Self.appearance(stdout: false, stderr: true)
        #expect(!stderrOnly.output.isEnabled && stderrOnly.error.isEnabled && stderrOnly.animates)
    }

    @Test(arguments: [
        ([:], false), (["LANG": "C"], false), (["LANG": "C.UTF-8"], true), (["LANG": "en_US.utf8"], true),
        (["LANG": "de_DE.UTF-8@euro"], true), (["LANG": "C.UTF-8", "LC_ALL": "POSIX"], false),
        (["LANG": "C", "LC_CTYPE": "en_GB.UTF-8"], true), (["LANG": "C.UTF-8", "LC_ALL": ""], true),
        (["LANG": "en_US.ISO-8859-1"], false),
    ])
    func symbolsAreASCIIUnlessTheLocaleIsUTF8(environment: [String: String], unicode: Bool) {
        let appearance = Self.appearance(environment)
        #expect(appearance.output.isUnicode == unicode && appearance.error.isUnicode == unicode)
        #expect(appearance.output.check == (unicode ? "✓" : "OK"))
        #expect(appearance.error.spinnerFrames.allSatisfy { $0.allSatisfy(\.isASCII) } == !unicode)
    }

    @Test func theWidthIsTheTerminalsThenColumnsThen80() {
        #expect(Self.appearance(columns: 57, ["COLUMNS": "100"]).width == 57)
        #expect(Self.appearance(stdout: false, ["COLUMNS": "100"]).width == 100)
        #expect(Self.appearance(["COLUMNS": "wide"]).width == 80)
        #expect(Self.appearance(["COLUMNS": "0"]).width == 80)
        #expect(Self.appearance().width == 80)
    }
}
