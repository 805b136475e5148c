import Foundation
import Testing

@testable import TerminalUI

@Suite("Help, status and messages break at word boundaries to fit the width")
struct TextFittingTests {
    private static let option =
        "  --timeout S       seconds a request may take, sent to last byte (default 30) [COCOACASTS_TIMEOUT]"

    @Test func aLabelledLineContinuesUnderItsText() {
        #expect(
            TerminalText.fitted(Self.option, to: 80).components(separatedBy: "\n") == [
                "  --timeout S       seconds a request may take, sent to last byte (default 30)",
                "                    [COCOACASTS_TIMEOUT]",
            ])
    }

    @Test func withoutRoomBesideTheLabelTheTextMovesUnderIt() {
        #expect(
            TerminalText.fitted(Self.option, to: 40).components(separatedBy: "\n") == [
                "  --timeout S",
                "      seconds a request may take, sent",
                "      to last byte (default 30)",
                "      [COCOACASTS_TIMEOUT]",
            ])
    }

    @Test func linesThatFitAndPlainSentencesKeepTheirShape() {
        #expect(TerminalText.fitted("  Server:     the mock API", to: 40) == "  Server:     the mock API")
        #expect(
            TerminalText.fitted("✓ Signed in as demo@cocoacasts.com. Server: the mock API.", to: 40)
                == "✓ Signed in as demo@cocoacasts.com.\nServer: the mock API.")
    }

    @Test(arguments: [40, 80, 160])
    func noWordIsBrokenAndNoLineIsWider(width: Int) {
        let text = [
            Self.option, "",
            "  Token file: /home/someone/.config/cocoacasts/credentials.json and some more words to wrap around",
            "The server answered 503 Service Unavailable (down for maintenance). Try again later.",
        ].joined(separator: "\n")
        let lines = TerminalText.fitted(text, to: width).components(separatedBy: "\n")
        #expect(lines.allSatisfy { TerminalText.visibleWidth($0) <= width }, "\(lines)")
        let words = lines.flatMap { $0.split(separator: " ") }
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) where word.count <= width - 14 {
            #expect(words.contains(word), "\(word) is whole")
        }
    }

    @Test func aPathTooLongForALineBreaksAfterASlash() {
        #expect(
            TerminalText.wrapped("/home/someone/.config/cocoacasts/credentials.json", to: 20) == [
                "/home/someone/", ".config/cocoacasts/", "credentials.json",
            ])
    }

    @Test func colourSequencesTakeNoCells() {
        #expect(TerminalText.visibleWidth("\u{1B}[2mdim\u{1B}[0m text") == 8)
        #expect(
            TerminalText.wrapped("\u{1B}[1mbold\u{1B}[0m words here", to: 10) == [
                "\u{1B}[1mbold\u{1B}[0m words", "here",
            ])
    }
}
