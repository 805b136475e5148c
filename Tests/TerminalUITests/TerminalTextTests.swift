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
        #expect(TerminalText.truncated("abc", to: 0) == "")
        #expect(TerminalText.truncated("abc", to: 1) == "…")
    }

    @Test func truncationCountsCellsAndNeverSplitsACharacter() {
        #expect(TerminalText.truncated("日本語です", to: 10) == "日本語です")
        #expect(TerminalText.truncated("日本語です", to: 9) == "日本語で…")
        #expect(TerminalText.truncated("日本語です", to: 8) == "日本語… ")  // で does not fit: a space instead
        #expect(TerminalText.truncated("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
        #expect(TerminalText.truncated("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", to: 3) == "👨‍👩‍👧‍👦…")
        for width in 0...12 {
            #expect(CellWidth.of(TerminalText.truncated("a日本語🇯🇵です", to: width)) == min(width, 13))
        }
    }

    @Test func paddingCountsCells() {
        #expect(TerminalText.padded("日本", to: 6) == "日本  ")
        #expect(TerminalText.padded("e\u{301}", to: 3, alignedRight: true) == "  e\u{301}")
        #expect(TerminalText.padded("日本語", to: 4) == "日本語")
    }

    @Test func wrappingKeepsLinesWithinTheWidth() {
        let text = String(repeating: "word ", count: 50) + String(repeating: "x", count: 90)
        let lines = TerminalText.wrapped(text, to: 20)
        #expect(lines.allSatisfy { $0.count <= 20 })
        #expect(lines.suffix(5) == Array(repeating: String(repeating: "x", count: 20), count: 4) + ["xxxxxxxxxx"])
        #expect(lines.dropLast(5).joined(separator: " ") + " " == String(repeating: "word ", count: 50))
    }

    @Test func wrappingCountsCellsAndBreaksRunsWithoutSpaces() {
        let lines = TerminalText.wrapped("これは日本語の文です。 And some English words after it.", to: 10)
        #expect(lines == ["これは日本", "語の文です", "。 And", "some", "English", "words", "after it."])
        #expect(TerminalText.wrapped("日本語", to: 1) == ["日", "本", "語"])
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
