import Domain
import Foundation
import Testing

@Suite("Text helpers on the standard library: trimming, ASCII case folding, ISO 8601 stamps")
struct TextHelpersTests {
    @Test(arguments: [
        ("  a b  ", "a b"), ("\t\r\n value \r\n", "value"), ("", ""), ("   ", ""), ("x", "x"),
        ("\u{00A0}nbsp\u{2003}", "nbsp"), ("é ", "é"), (" 😀", "😀"), ("a\u{0301} ", "a\u{0301}"),
    ])
    func trimmingWhitespaceMatchesFoundation(text: String, trimmed: String) {
        #expect(String(text.trimmingWhitespace()) == trimmed)
        #expect(String(text.trimmingWhitespace()) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func trimmingAnyCharactersTakesThemFromBothEndsOnly() {
        #expect(String("[<id>...]".trimming { "<>[].".contains($0) }) == "id")
        #expect(String("<a.b>".trimming { "<>.".contains($0) }) == "a.b")
        #expect(String("...".trimming { $0 == "." }).isEmpty)
    }

    @Test(arguments: [
        ("The collection is LOCKED", "locked", true), ("Locked", "locked", true), ("locked", "LOCKED", true),
        ("unlocked", "locked", true), ("lock ed", "locked", false), ("", "locked", false), ("any", "", true),
        ("LOCKİD", "lockid", false),  // the dotted capital I is not ASCII: it is no "i"
        ("ＬＯＣＫＥＤ", "locked", false),  // nor are full-width letters
        ("straße", "STRASSE", false), ("Ünlocked", "ünlocked", false),  // only A-Z fold
    ])
    func containsIgnoringASCIICaseFoldsOnlyASCIILetters(text: String, word: String, expected: Bool) {
        #expect(text.containsIgnoringASCIICase(word) == expected)
    }
}
