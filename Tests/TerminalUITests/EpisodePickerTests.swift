import Domain
import Foundation
import Presentation
import Testing

@testable import TerminalUI

@Suite("The picker narrows as the viewer types, moves within bounds, and fits the terminal")
struct EpisodePickerTests {
    static let rows = EpisodeTableTests.rows.map {
        EpisodePicker.Row(episode: $0.episode, percent: $0.id == 7 ? 48 : nil)
    }

    @Test func typingNarrowsTheRowsAndStartsFromTheBest() {
        var picker = EpisodePicker(Self.rows)
        picker.moveDown()
        #expect(picker.chosen?.id == 42)
        for character in "swift" { picker.type(character) }
        #expect(picker.matches.map(\.episode.id) == [7])
        #expect(picker.chosen?.id == 7)
        picker.type("x")  // one slip from "swift" still finds it
        #expect(picker.matches.map(\.episode.id) == [7])
        picker.type("q")
        #expect(picker.matches.isEmpty && picker.chosen == nil)
        picker.deleteBackward()
        picker.deleteBackward()
        #expect(picker.query == "swift" && picker.chosen?.id == 7)
    }

    @Test func movingStopsAtEitherEnd() {
        var picker = EpisodePicker(Self.rows)
        picker.moveUp()
        #expect(picker.chosen?.id == 7)
        for _ in 0..<10 { picker.moveDown() }
        #expect(picker.chosen?.id == 9)
    }

    @Test(arguments: [20, 40, 50, 80])
    func everyLineFitsOneCellShortOfTheWidth(width: Int) throws {
        var picker = EpisodePicker(Self.rows)
        picker.moveDown()
        let lines = picker.lines(width: width)
        try #require(lines.count == Self.rows.count + 1)
        #expect(lines.allSatisfy { CellWidth.of($0) <= width - 1 }, "\(lines)")
        #expect(lines[1].hasPrefix("› 42  "))
        #expect(lines.last?.hasPrefix("5/5 " + String(EpisodePicker.prompt.prefix(width - 10))) == true)
        #expect(width < 50 || lines[0].hasSuffix("48%"))
    }

    @Test func aLongListScrollsToKeepTheChosenRowInView() {
        let many = (1...30).map {
            EpisodePicker.Row(
                episode: Episode(
                    id: $0, title: "Episode \($0)", excerpt: "", imageURL: URL(string: "https://cdn.example/a.svg")!,
                    videoDuration: 60, videoID: "v\($0)"), percent: nil)
        }
        var picker = EpisodePicker(many)
        for _ in 0..<12 { picker.moveDown() }
        let lines = picker.lines(width: 50)
        #expect(lines.count == EpisodePicker.visibleRows + 1)
        #expect(lines.contains { $0.hasPrefix("› 13  ") })
        #expect(lines.last == "30/30 " + EpisodePicker.prompt)
    }

    @Test func theContinueTableFitsFiftyColumns() throws {
        let items = Self.rows.map {
            ContinueWatchingItem(
                episode: $0.episode, cursor: $0.episode.videoDuration / 2, watchedAt: nil, isKeptHere: false)
        }
        let lines = ContinueTable.render(items, width: 50).split(separator: "\n").map(String.init)
        try #require(lines.count == items.count + 1)
        #expect(lines.allSatisfy { CellWidth.of($0) <= 50 }, "\(lines)")
        #expect(lines[1].contains(" 4:16 (49%) ") && lines[1].hasSuffix(" 4:17"))
        #expect(
            ContinueTable.tabSeparated(items).split(separator: "\n").first
                == "7\t\(items[0].episode.title)\t4:16\t49%\t4:17")
    }

    /// A position kept on this machine is marked, the positions still line up, and a last
    /// line says what the mark means; without one there is no mark and no such line.
    @Test func aPositionKeptHereIsMarked() throws {
        let items = Self.rows.prefix(2).enumerated().map { index, row in
            ContinueWatchingItem(episode: row.episode, cursor: 60, watchedAt: nil, isKeptHere: index == 1)
        }
        let lines = ContinueTable.render(items, width: 80).split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(lines)")
        #expect(lines[3] == "* kept on this machine until the server takes it")
        #expect(lines[2].contains("1:00 (1%)*  ") && lines[1].contains("1:00 (11%)   "), "\(lines)")
        #expect(CellWidth.of(lines[1]) == CellWidth.of(lines[2]))
        #expect(!ContinueTable.render([items[0]], width: 80).contains("*"))
    }
}
