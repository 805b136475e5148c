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

    @Test(arguments: [
        (1_700_000_000.75, "20231114T221320Z"), (0, "19700101T000000Z"), (-1, "19691231T235959Z"),
        (-0.5, "19691231T235959Z"), (951_782_400, "20000229T000000Z"), (253_402_300_799, "99991231T235959Z"),
    ])
    func anISO8601StampInTheBasicFormat(seconds: Double, stamp: String) {
        #expect(ISO8601Timestamp.basic(Date(timeIntervalSince1970: seconds)) == stamp)
    }

    /// Foundation's formatter, with ICU, as the oracle: the token file's stamps are unchanged.
    @Test func theStampIsWhatFoundationWrote() {
        for step in 0..<500 {
            let date = Date(timeIntervalSince1970: -2_208_988_800 + Double(step) * 12_345_678.5)
            let expected = ISO8601DateFormatter.string(
                from: date, timeZone: TimeZone(identifier: "UTC")!,
                formatOptions: [.withYear, .withMonth, .withDay, .withTime, .withTimeZone])
            #expect(ISO8601Timestamp.basic(date) == expected)
        }
    }
}
