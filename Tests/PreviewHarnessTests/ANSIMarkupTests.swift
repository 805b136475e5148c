import Testing

@testable import cocoacasts_preview

@Suite("Terminal text as HTML")
struct ANSIMarkupTests {
    @Test func boldAndColourCombineInOneSpan() {
        #expect(
            ANSIMarkup.html("\u{1B}[1m\u{1B}[31mNo\u{1B}[0m\u{1B}[0m!") == "<span class=\"sgr-bold sgr-red\">No</span>!"
        )
        #expect(ANSIMarkup.html("\u{1B}[2;32mok\u{1B}[m") == "<span class=\"sgr-dim sgr-green\">ok</span>")
    }

    @Test func resetEndsEveryAttribute() {
        let text = "\u{1B}[1mSign in\u{1B}[0m\n  \u{1B}[2m(empty)\u{1B}[0m done"
        #expect(
            ANSIMarkup.html(text)
                == "<span class=\"sgr-bold\">Sign in</span>\n  <span class=\"sgr-dim\">(empty)</span> done")
        #expect(ANSIMarkup.runs(text).map(\.style) == [.init(isBold: true), .init(), .init(isDim: true), .init()])
    }

    @Test func dropsEveryOtherSequenceAndControlCharacter() {
        let sequences = [
            "\u{1B}[2J", "\u{1B}[?25l", "\u{1B}]0;title\u{07}", "\u{1B}]8;;https://example.com\u{1B}\\", "\u{1B}(B",
            "\u{1B}7", "\u{07}", "\u{08}", "\r", "\u{9B}",
        ]
        let text = "a" + sequences.joined(separator: "b") + "c"
        #expect(ANSIMarkup.html(text) == "a" + String(repeating: "b", count: sequences.count - 1) + "c")
        #expect(ANSIMarkup.html("x\u{1B}[38;5;196my\u{1B}[0m") == "xy")
        #expect(ANSIMarkup.html("unfinished\u{1B}[31") == "unfinished")
        #expect(ANSIMarkup.html("tab\tand\nline") == "tab\tand\nline")
    }

    @Test func escapesTheText() {
        let html = ANSIMarkup.html("\u{1B}[31m<&>\u{1B}[0m \"</pre><script>")
        #expect(html == "<span class=\"sgr-red\">&lt;&amp;&gt;</span> &quot;&lt;/pre&gt;&lt;script&gt;")
    }

    @Test func plainTextIsWhatTheScreenShows() {
        #expect(
            ANSIMarkup.plain("\u{1B}[31m✗\u{1B}[0m You need to be \u{1B}[1msigned in\u{1B}[0m.")
                == "✗ You need to be signed in.")
    }
}
