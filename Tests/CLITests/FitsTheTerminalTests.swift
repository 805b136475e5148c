import Foundation
import PortContracts
import TerminalUI
import Testing

/// Help, `status` and failure messages on pseudo-terminals 40, 80 and 160 columns wide:
/// help is laid out for 80 columns, and every line is broken at a space (a word longer
/// than a line, such as a path, after a `/`) rather than by the terminal inside a word.
@Suite("Help, status and failures fit the terminal, broken between words")
struct FitsTheTerminalTests {
    /// What a terminal of `columns` shows, one entry a line.
    private static func shown(
        _ arguments: [String], columns: Int, in directory: TemporaryDirectory, baseURL: URL? = nil
    ) async throws -> [String] {
        let session = try await TerminalSessionTests.runOnTerminal(
            arguments + ["--color", "never"], answers: [], directory: directory, baseURL: baseURL, columns: columns)
        return session.stdout.replacingOccurrences(of: "\u{1B}[2K", with: "").components(separatedBy: "\r\n")
            .filter { !$0.isEmpty }
    }

    /// Expects every line within `width` cells and every word of `text` short enough for a
    /// line of 20 cells shown whole.
    private static func expectFitted(_ lines: [String], width: Int, words text: String, _ what: String) {
        for line in lines { #expect(CellWidth.of(line) <= width, "\(what): \(CellWidth.of(line)) cells: \(line)") }
        let shownWords = Set(lines.flatMap { $0.split(separator: " ") })
        for word in Set(text.split(whereSeparator: \.isWhitespace)) where CellWidth.of(String(word)) <= 20 {
            #expect(shownWords.contains(word), "\(what): '\(word)' is broken")
        }
    }

    @Test(arguments: [40, 80, 160])
    func helpIsLaidOutForEightyColumnsAndBrokenBetweenWords(columns: Int) async throws {
        try await TemporaryDirectory.with { directory in
            for arguments in [[], ["help", "signin"], ["help", "config"], ["help", "status"]] {
                let piped = try await CLIProcess(in: directory).run(arguments)
                #expect(piped.stdout.split(separator: "\n").allSatisfy { CellWidth.of(String($0)) <= 80 })
                let lines = try await Self.shown(arguments, columns: columns, in: directory)
                Self.expectFitted(lines, width: min(columns, 80), words: piped.stdout, "help \(arguments)")
            }
        }
    }

    @Test func statusAndAFailureAreBrokenBetweenWordsOnANarrowTerminal() async throws {
        let fault =
            #"{"route": "*", "kind": "status", "status": 400, "reason": "a reason long enough to wrap", "count": -1}"#
        try await MockAPIServer.with(arguments: ["--fault", fault]) { server async throws in
            try await TemporaryDirectory.with { directory in
                let status = try await CLIProcess(in: directory).run(["status"]).stdout
                Self.expectFitted(
                    try await Self.shown(["status"], columns: 40, in: directory), width: 40, words: status, "status")
                var cli = CLIProcess(in: directory, baseURL: server.baseURL)
                cli.environment["COLUMNS"] = "40"
                let piped = try await cli.run(["episodes"])
                let longest = try #require(piped.stderr.split(separator: "\n").map { CellWidth.of(String($0)) }.max())
                #expect(piped.status == 1 && longest > 60, "a pipe gets each message on one line: \(piped.stderr)")
                let failure = try await Self.shown(["episodes"], columns: 40, in: directory, baseURL: server.baseURL)
                Self.expectFitted(failure, width: 40, words: piped.stderr, "failure")
            }
        }
    }

    @Test func configListFitsFiftyColumns() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory, baseURL: URL(string: "http://127.0.0.1:8080/api/v1")!)
            let piped = try await cli.run(["config", "list"])
            #expect(
                piped.stdout.split(separator: "\n").contains { CellWidth.of(String($0)) > 50 }, "a pipe gets the table")
            let lines = try await Self.shown(
                ["config", "list"], columns: 50, in: directory, baseURL: URL(string: "http://127.0.0.1:8080/api/v1")!)
            Self.expectFitted(lines, width: 50, words: piped.stdout, "config list")
        }
    }

    /// The lines that say a position is kept, and that the next command sends it, on a terminal 50 wide.
    @Test func theKeptPositionLinesFitFiftyColumns() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = try await KeptPositionTests.keepingASet(server, in: directory)
                try await server.admin.inject(.status(503, route: MockAPIRoute.any, count: -1))
                for arguments in [["progress", "556", "--set", "1:45"], ["progress", "556"], ["status"]] {
                    let piped = try await cli.run(arguments)
                    #expect(piped.stdout.contains("kept on this machine"), "\(arguments): \(piped)")
                    let lines = try await Self.shown(arguments, columns: 50, in: directory, baseURL: server.baseURL)
                    Self.expectFitted(lines, width: 50, words: piped.stdout, "\(arguments)")
                }
            }
        }
    }
}
