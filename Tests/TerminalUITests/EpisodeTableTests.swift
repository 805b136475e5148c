import Domain
import Foundation
import Presentation
import Testing

@testable import TerminalUI

@Suite("The episodes table fits the terminal's width, in cells")
struct EpisodeTableTests {
    static let rows = [
        (7, "Building a Networking Layer in Swift with async and await, part one", 513),
        (42, "日本語のタイトルはとても長いので切り詰める必要があります", 3_725),
        (556, "Emoji 🚀👨‍👩‍👧‍👦 and flags 🇯🇵 in a title ♥️", 61),
        (1_024, "Cafe\u{301} re\u{301}sume\u{301} with combining marks, quite a long one too", 36_000),
        (9, "Short", 9),
    ].map { id, title, duration in
        EpisodeViewModel(
            episode: Episode(
                id: id, title: title, excerpt: "", imageURL: URL(string: "https://cdn.example/a.svg")!,
                videoDuration: duration, videoID: "v\(id)"))
    }

    @Test(arguments: [30, 50, 80, 120])
    func everyLineFitsAndTheDurationsLineUp(width: Int) throws {
        let lines = EpisodeTable.render(Self.rows, width: width).split(separator: "\n").map(String.init)
        try #require(lines.count == Self.rows.count + 1)
        #expect(lines[0].hasSuffix(width >= 80 ? "DURATION" : "TIME"))
        #expect(lines.contains { $0.contains("…") } == (width < 120))
        let total = CellWidth.of(lines[0])
        let durationWidth = lines.map { CellWidth.of(String($0.split(separator: " ").last ?? "")) }.max() ?? 0
        for line in lines {
            #expect(CellWidth.of(line) <= width && CellWidth.of(line) == total, "\(line)")
            // The duration column starts at the same cell on every line, after a gutter of two spaces.
            let (before, column) = try #require(Self.split(line, atCell: total - durationWidth), "\(line)")
            #expect(before.hasSuffix("  ") && !column.trimmingCharacters(in: .whitespaces).contains(" "), "\(line)")
        }
    }

    @Test func aNarrowerWidthLaysOutAtTheMinimum() {
        #expect(EpisodeTable.render(Self.rows, width: 10) == EpisodeTable.render(Self.rows, width: 30))
    }

    @Test func shortTitlesGetAColumnAsWideAsTheirLongest() {
        let table = EpisodeTable.render(Array(Self.rows.suffix(1)))
        #expect(table == "   ID  TITLE  DURATION\n" + "    9  Short      0:09")
    }

    /// On a wide terminal the duration follows the longest title after the gutter of two,
    /// not 140 cells away at the terminal's edge.
    @Test(arguments: [120, 160, 250])
    func aWideTerminalGetsATableAsWideAsItsContent(width: Int) {
        let lines = EpisodeTable.render(Self.rows, width: width).split(separator: "\n").map(String.init)
        let longestTitle = Self.rows.map { CellWidth.of($0.title) }.max() ?? 0
        let contentWidth = 5 + 2 + longestTitle + 2 + CellWidth.of("DURATION")
        #expect(lines.allSatisfy { CellWidth.of($0) == contentWidth }, "\(lines)")
        #expect(!lines.contains { $0.contains("…") })
    }

    @Test func tabSeparatedRowsAreWholeAndHaveNoHeader() throws {
        let lines = EpisodeTable.tabSeparated(Self.rows).split(separator: "\n").map(String.init)
        try #require(lines.count == Self.rows.count)
        #expect(lines[0] == "7\tBuilding a Networking Layer in Swift with async and await, part one\t8:33")
        #expect(lines[1].hasPrefix("42\t日本語のタイトルはとても長いので切り詰める必要があります\t1:02:05"))
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 3 })
    }

    /// `line` cut in two at `cell`, or nil when a character straddles that cell.
    static func split(_ line: String, atCell cell: Int) -> (String, String)? {
        var cells = 0
        var index = line.startIndex
        while cells < cell, index < line.endIndex {
            cells += CellWidth.of(line[index])
            index = line.index(after: index)
        }
        return cells == cell ? (String(line[..<index]), String(line[index...])) : nil
    }
}
