import Testing

@Suite("The diff shown when a snapshot no longer matches")
struct SnapshotDiffTests {
    @Test func marksRemovedAndAddedLinesWithTheirNumbers() {
        let expected = "Sign in\n  E-mail:   (empty)\nEnter a valid e-mail address and a password.\n"
        let actual = "Sign in\n  E-mail:   demo@cocoacasts.com\nReady to sign in.\n"
        #expect(
            SnapshotDiff.lines(expected: expected, actual: actual) == [
                "  1 1 │ Sign in",
                "- 2   │   E-mail:   (empty)",
                "- 3   │ Enter a valid e-mail address and a password.",
                "+   2 │   E-mail:   demo@cocoacasts.com",
                "+   3 │ Ready to sign in.",
                "  4 4 │ ",
            ])
    }

    @Test func showsAnInsertedLineWhereItBelongs() {
        let lines = SnapshotDiff.lines(expected: "a\nc", actual: "a\nb\nc")
        #expect(lines == ["  1 1 │ a", "+   2 │ b", "  2 3 │ c"])
    }

    @Test func padsLineNumbersToTheLongestText() {
        let expected = (1...10).map(String.init).joined(separator: "\n")
        let actual = ((1...9).map(String.init) + ["ten"]).joined(separator: "\n")
        let lines = SnapshotDiff.lines(expected: expected, actual: actual)
        #expect(lines.suffix(2) == ["- 10    │ 10", "+    10 │ ten"])
    }
}
