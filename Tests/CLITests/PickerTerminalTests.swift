import Foundation
import PortContracts
import TerminalUI
import TestSupport
import Testing

/// The picker and the up-next menu on a pseudo-terminal, typed as a person types: the
/// terminal's modes (`stty -g`) end as they began, and nothing drawn is wider than the terminal.
@Suite("The picker and the up-next menu, on a terminal")
struct PickerTerminalTests {
    /// What the terminal showed as lines (a redraw after `\r` a line of its own), as a console
    /// session reads them: without the styles and cursor moves drawn, nor the lines only they made.
    static func lines(_ shown: String) -> [String] {
        shown.split(whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }).map {
            ConsoleSession.normalised(String($0))
        }.filter { !$0.isEmpty }
    }

    /// `watch view` names seven episodes: typing narrows them, the arrow moves, Enter plays.
    @Test func typeMoveAndEnterPlayTheOneChosenInFiftyColumns() async throws {
        try await CLIEndToEndTests.signedIn { server, cli in
            let run = try await cli.runOnTerminal(
                ["watch", "view", "--player", "true"],
                answers: [["quits): ", "<keys>sw"], ["quits): sw", "<keys>\u{1B}[B"], ["quits): sw", "<keys>\r"]],
                columns: 50, timeout: .seconds(60))
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.contains("modes: same"), "\(run.stderr)")
            #expect(Self.lines(run.stdout).contains("3/7 Pick (↑↓ Enter, Esc quits): sw"), "\(run.stdout)")
            #expect(run.stdout.contains("“view”: episode 2, “Working with Xcode"), "\(run.stdout)")
            #expect(Self.lines(run.stdout).allSatisfy { CellWidth.of($0) <= 50 }, "\(Self.lines(run.stdout))")
            #expect(try await EpisodesByWordsTests.videoPathsAsked(of: server).contains("/api/v1/videos/593178943"))
        }
    }

    @Test(arguments: ["\u{1B}", "\u{03}"])
    func escOrCtrlCCancelsWith130AndAsksNothing(key: String) async throws {
        try await CLIEndToEndTests.signedIn { server, cli in
            let run = try await cli.runOnTerminal(
                ["watch", "view", "--player", "true"],
                answers: [["quits): ", "<keys>" + key]], columns: 50, timeout: .seconds(60))
            #expect(run.status == 130, "\(run)")
            #expect(run.stderr.contains("modes: same"), "\(run.stderr)")
            #expect(
                try await EpisodesByWordsTests.videoPathsAsked(of: server).filter { !$0.hasSuffix("/progress") }.isEmpty
            )
        }
    }

    /// Made 30 columns wide while it shows, it draws again within 30 (the prompt cut short).
    @Test func aResizeRedrawsWithinTheNewWidth() async throws {
        try await CLIEndToEndTests.signedIn { _, cli in
            let run = try await cli.runOnTerminal(
                ["episode", "view"],
                // The prompt cut to 30 columns ends "Esc quit…" (a spinner's "…" would not do).
                answers: [["quits): ", "<columns>30"], ["Esc quit…", "<keys>\r"]], columns: 50, timeout: .seconds(60))
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.contains("modes: same"), "\(run.stderr)")
            let draws = run.stdout.components(separatedBy: "\u{1B}[J")
            try #require(draws.count >= 3, "\(run.stdout)")
            let redrawn = Self.lines(draws[1])
            #expect(redrawn.count == 8 && redrawn.allSatisfy { CellWidth.of($0) <= 29 }, "\(redrawn)")
        }
    }

    /// With real mpv near the end of 551: Enter plays 553 (also near its end), whose end asks
    /// again; `q` stops there.
    @Test func theNextIsOfferedAtTheEndEnterPlaysItQStops() async throws {
        try await WatchTests.watching { server, cli, _ in
            #expect(try await cli.run(["progress", "551", "--set", "5:57"]).status == 0)
            #expect(try await cli.run(["progress", "553", "--set", "6:19"]).status == 0)
            let run = try await cli.runOnTerminal(
                ["watch", "551"],
                answers: [["q stop. ", "<keys>\r"], ["q stop. ", "<keys>q"]], timeout: .seconds(120))
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.contains("modes: same"), "\(run.stderr)")
            let text = UpNextMenuTests.text(run)
            #expect(text.contains("Up next: 553 “Adopting the Model-View-ViewModel Pattern” (6:32)."))
            #expect(text.contains("Up next: 556 “Authenticating the Users” (8:33)."))
            #expect(text.contains("Not played: episode 556"), "\(text.suffix(400))")
            let asked = try await EpisodesByWordsTests.videoPathsAsked(of: server)
            #expect(
                asked.contains("/api/v1/videos/629924871") && !asked.contains("/api/v1/videos/632759499"), "\(asked)")
            #expect(try await cli.run(["progress", "553"]).stdout == "Video 629924871: finished (6:32).\n")
        }
    }
}
