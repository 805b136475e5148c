import Foundation
import Testing

@testable import TerminalUI

@Suite("Terminal text: hostile strings neutralised, layout that fits")
struct TerminalTextTests {
    @Test(arguments: [
        ("\u{1B}[2J\u{1B}[31mred", "␛[2J␛[31mred"),
        ("ok\rEVIL", "ok␍EVIL"),
        ("bell\u{7}", "bell␇"),
        ("back\u{8}space", "back␈space"),
        ("del\u{7F}", "del␡"),
        ("csi\u{9B}31m", "csi\u{FFFD}31m"),
        ("right-to-left \u{202E}txt.exe", "right-to-left \u{FFFD}txt.exe"),
        ("tab\tstop", "tab stop"),
        ("line\nbreak", "line␊break"),
        ("Café ☕️ 日本", "Café ☕️ 日本"),
    ])
    func controlCharactersAreNeutralised(input: String, shown: String) {
        #expect(TerminalText.sanitized(input) == shown)
        #expect(
            !TerminalText.sanitized(input).unicodeScalars.contains {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
            })
    }

    @Test func jsonKeepsItsMeaningWithTerminalControlsEscaped() throws {
        let value = ["title": "csi\u{9B}31m del\u{7F} rlo\u{202E} ok é"]
        let json = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        let escaped = TerminalText.jsonEscapingTerminalControls(json)
        #expect(escaped.contains("\\u009b") && escaped.contains("\\u007f") && escaped.contains("\\u202e"))
        #expect(escaped.unicodeScalars.allSatisfy { !(0x7F...0x9F).contains($0.value) && $0 != "\u{202E}" })
        #expect(try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8)) == value)
    }

    @Test func newlinesCanBeKept() {
        #expect(TerminalText.sanitized("a\nb\u{1B}", keepingNewlines: true) == "a\nb␛")
    }

    @Test func truncationEndsWithAnEllipsis() {
        #expect(TerminalText.truncated("abcdef", to: 4) == "abc…")
        #expect(TerminalText.truncated("abc", to: 4) == "abc")
    }

    @Test func wrappingKeepsLinesWithinTheWidth() {
        let text = String(repeating: "word ", count: 50) + String(repeating: "x", count: 90)
        let lines = TerminalText.wrapped(text, to: 20)
        #expect(lines.dropLast().allSatisfy { $0.count <= 20 })
        #expect(lines.joined(separator: " ") == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func styleIsPlainWhenDisabled() {
        #expect(TerminalStyle.plain.bold("x") == "x")
        #expect(TerminalStyle.styled.bold("x") == "\u{1B}[1mx\u{1B}[0m")
    }
}

@Suite("Suggestions for mistyped words")
struct SuggestionTests {
    @Test(arguments: [
        ("episods", ["episodes", "episode", "video"], "episodes"), ("--jsn", ["--json", "--help"], "--json"),
        ("VIDEO", ["video"], "video"), ("frobnicate", ["episodes", "video"], nil),
    ])
    func closestCandidate(word: String, candidates: [String], expected: String?) {
        #expect(Suggestion.closest(to: word, in: candidates) == expected)
    }
}
