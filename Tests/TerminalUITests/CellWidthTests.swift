import Foundation
import PortContracts
import TestSupport
import Testing

@testable import TerminalUI

@Suite("Cell width: how many terminal cells text takes")
struct CellWidthTests {
    @Test(arguments: [
        ("Swift", 5), ("", 0), ("日本語", 6), ("ＡＢＣ", 6), ("ｱｲｳ", 3), ("e\u{301}", 1), ("Café", 4),
        ("👨‍👩‍👧‍👦", 2), ("🇯🇵", 2), ("🇯🇵🇧🇪", 4), ("♥", 1), ("♥\u{FE0F}", 2), ("a\u{200B}b", 2),
        ("\u{1100}\u{1161}\u{11A8}", 2), ("한국", 4), ("😀 ok", 5), ("\u{AD}", 1),
    ])
    func textTakesItsCells(text: String, cells: Int) {
        #expect(CellWidth.of(text) == cells, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func scalarsTakeZeroOneOrTwoCells() {
        #expect(CellWidth.of(Unicode.Scalar(0x1B)!) == 0)
        #expect(CellWidth.of(Unicode.Scalar(0x200B)!) == 0)
        #expect(CellWidth.of(Unicode.Scalar(0x0301)!) == 0)
        #expect(CellWidth.of(Unicode.Scalar(0xFE0F)!) == 0)
        #expect(CellWidth.of(Unicode.Scalar(0x41)!) == 1)
        #expect(CellWidth.of(Unicode.Scalar(0x65E5)!) == 2)
        #expect(CellWidth.of(Unicode.Scalar(0x2A6E0)!) == 2)  // unassigned, but in plane 2
        #expect(CellWidth.of(Unicode.Scalar(0x1F600)!) == 2)
    }

    @Test func theTablesAreSortedDisjointRanges() {
        for table in [CellWidth.zeroWidthRanges, CellWidth.wideRanges] {
            #expect(table.count.isMultiple(of: 2))
            #expect(zip(table, table.dropFirst()).allSatisfy { $0 <= $1 })
        }
    }

    @Test func theTablesAreWhatTheGeneratorWritesFromTheUnicodeData() async throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/unicode/EastAsianWidth.txt") else {
            try skip(because: "no Unicode data in /usr/share/unicode; apt-get install unicode-data to check the tables")
            return
        }
        let script = Fixtures.repositoryRoot.appendingPathComponent("Scripts/generate-cell-widths").path
        let outcome = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, "--check"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }
}
