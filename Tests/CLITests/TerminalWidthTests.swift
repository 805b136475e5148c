import Foundation
import PortContracts
import TerminalUI
import Testing

/// The episode table on a real pseudo-terminal of several widths, with titles in
/// Japanese, emoji and combining characters from `Scripts/mock-api`.
@Suite("The episode table fits the terminal's width in cells")
struct TerminalWidthTests {
    private static let titles = [
        "日本語のタイトル：SwiftUIでサインインフォームを作る方法とテスト",
        "🎬 Networking 👨‍👩‍👧 family 🇯🇵 flags and ♥️ hearts in a long title",
        "Cafe\u{301} re\u{301}sume\u{301} with combining marks, n\u{303}, and more words after them",
        "ＦＵＬＬＷＩＤＴＨ　ｔｅｘｔ and halfwidth ｶﾀｶﾅ",
    ]

    /// A catalogue with the fixture's first episodes renamed to `titles`.
    private static func catalogue(in directory: TemporaryDirectory) throws -> URL {
        var episodes = try #require(
            try JSONSerialization.jsonObject(with: Fixtures.data(named: "episodes-catalog")) as? [[String: Any]])
        for (index, title) in titles.enumerated() { episodes[index]["title"] = title }
        let folder = directory.file("fixtures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: episodes).write(
            to: folder.appendingPathComponent("episodes-catalog.json"))
        return folder
    }

    /// At 160 columns the duration follows the longest title after the gutter of two:
    /// the table is as wide as its content, not the terminal.
    @Test func aWideTerminalGetsATableAsWideAsItsContent() async throws {
        try await TemporaryDirectory.with { directory in
            let session = try await TerminalSessionTests.runOnTerminal(
                ["episodes", "--color", "never"], answers: [], directory: directory, columns: 160, stderrToNull: true)
            #expect(session.status == 0, "\(session.stdout)")
            let lines = session.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            #expect(lines.count == 26 && lines.first?.hasSuffix("DURATION") == true, "\(lines)")
            // Where each title ends: the line without its duration and the spaces before it.
            let titleEnds = lines.dropFirst().map { line in
                CellWidth.of(String(line.reversed().drop { $0 != " " }.drop { $0 == " " }.reversed()))
            }
            let contentWidth = (titleEnds.max() ?? 0) + 2 + CellWidth.of("DURATION")
            #expect(contentWidth < 120)
            for line in lines { #expect(CellWidth.of(line) == contentWidth, "\(CellWidth.of(line)) cells: \(line)") }
        }
    }

    @Test(arguments: [50, 80, 120])
    func everyLineFitsAndTheColumnsAlign(columns: Int) async throws {
        try await TemporaryDirectory.with { directory in
            let fixtures = try Self.catalogue(in: directory)
            try await MockAPIServer.with(arguments: ["--fixtures", fixtures.path]) { server async throws in
                let session = try await TerminalSessionTests.runOnTerminal(
                    ["episodes", "--color", "never"], answers: [], directory: directory, baseURL: server.baseURL,
                    columns: columns)
                #expect(session.status == 0, "\(session.stdout)")
                let lines = session.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
                #expect(lines.count == 26)
                for line in lines { #expect(CellWidth.of(line) <= columns, "\(CellWidth.of(line)) cells: \(line)") }
                // The duration column ends at the same cell on every line, and its text starts
                // after the same number of cells.
                let widths = Set(lines.map(CellWidth.of))
                #expect(widths.count == 1, "\(widths)")
                let durationStarts = Set(
                    lines.dropFirst().map { line in
                        CellWidth.of(
                            String(line.prefix { $0 != ":" }.dropLast(2).reversed().drop { $0 != " " }.reversed()))
                    })
                #expect(durationStarts.count == 1, "\(durationStarts)")
                // The title column is the width less the id, the duration and two gaps of two.
                for title in Self.titles where CellWidth.of(title) > columns - 10 {
                    #expect(!session.stdout.contains(title), "a title too wide for the line is shortened")
                }
                for title in Self.titles where CellWidth.of(title) <= columns - 17 {
                    #expect(session.stdout.contains(title), "a title with room is shown whole")
                }
                let cut = Self.titles.contains { CellWidth.of($0) > columns - 10 }
                #expect(session.stdout.contains("…") == cut)
            }
        }
    }
}
