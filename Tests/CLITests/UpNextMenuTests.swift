import Foundation
import PortContracts
import TerminalUI
import TestSupport
import Testing

/// The menu after an episode played to its end, with real mpv on a pseudo-terminal: it counts
/// down where the viewer sees it; `r` plays the episode again from its start, `p` the one
/// before it, Esc stops, and a count that ends says so; the terminal's modes end as they began.
@Suite("watch: up next, as a menu that counts down")
struct UpNextMenuTests {
    /// What the terminal showed, escapes removed and lines joined: a sentence wrapped at a space reads whole.
    static func text(_ run: ChildProcess.Outcome) -> String {
        SyncTerminalTests.drawn(run.stdout).joined(separator: " ")
    }

    @Test func rPlaysItAgainFromTheStart() async throws {
        try await WatchTests.watching { _, cli, _ in
            #expect(try await cli.run(["progress", "551", "--set", "5:57"]).status == 0)
            let run = try await PseudoTerminal.run(
                [CLIProcess.binary.path, "watch", "551"], environment: cli.processEnvironment,
                answers: [["q stop. ", "<keys>r"]],
                signals: .init(after: "in mpv at 0:00;", delay: 0.5, names: ["SIGINT"], delivery: .typed),
                timeout: .seconds(120))
            #expect(run.status == 130, "\(run)")
            #expect(run.stderr.contains("modes: same"), "\(run.stderr)")
            #expect(Self.text(run).contains("Again: episode 551, “Building the User Interface”, from the start."))
        }
    }

    @Test func pPlaysTheOneBeforeAndEscStops() async throws {
        try await WatchTests.watching { _, cli, _ in
            #expect(try await cli.run(["progress", "551", "--set", "5:57"]).status == 0)
            #expect(try await cli.run(["progress", "548", "--set", "6:50"]).status == 0)
            let run = try await cli.runOnTerminal(
                ["watch", "551"], answers: [["q stop. ", "<keys>p"], ["q stop. ", "<keys>\u{1B}"]],
                timeout: .seconds(120))
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.contains("modes: same"), "\(run.stderr)")
            let text = Self.text(run)
            #expect(text.contains("Previous: episode 548, “Working with Units and Measurements in SwiftUI”."))
            #expect(text.contains("Up next: 551 “Building the User Interface” (6:10)."))
            #expect(text.contains("Not played: episode 551"), "\(text.suffix(400))")
        }
    }

    /// The count from 10 to 1, each draw within the terminal, then what happened.
    @Test(arguments: [30, 50, 120])
    func theCountEndsAndSaysHowToGoOn(columns: Int) async throws {
        try await WatchTests.watching { _, cli, _ in
            #expect(try await cli.run(["progress", "551", "--set", "5:57"]).status == 0)
            let run = try await cli.runOnTerminal(["watch", "551"], columns: columns, timeout: .seconds(120))
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.contains("modes: same"), "\(run.stderr)")
            #expect(Self.text(run).contains("Up next: 553 “Adopting the Model-View-ViewModel Pattern” (6:32)."))
            let menus = SyncTerminalTests.drawn(run.stdout).filter { $0.hasPrefix("in ") }
            #expect(menus.contains { $0.contains("in 10 s") } && menus.contains { $0.contains("in 1 s") }, "\(menus)")
            #expect(menus.allSatisfy { CellWidth.of($0) < columns }, "\(menus)")
            #expect(
                Self.text(run).contains("No answer in 10 s: nothing more is played."), "\(Self.text(run).suffix(400))")
        }
    }

    /// Ctrl-C at the menu stops there, 130, with the terminal as it was.
    @Test func ctrlCAtTheMenuStops() async throws {
        try await WatchTests.watching { _, cli, _ in
            #expect(try await cli.run(["progress", "551", "--set", "5:57"]).status == 0)
            let run = try await PseudoTerminal.run(
                [CLIProcess.binary.path, "watch", "551"], environment: cli.processEnvironment,
                signals: .init(after: "q stop. ", delay: 0.3, names: ["SIGINT"], delivery: .typed),
                timeout: .seconds(120))
            #expect(run.status == 130, "\(run)")
            #expect(run.stderr.contains("modes: same"), "\(run.stderr)")
            #expect(Self.text(run).contains("Not played: episode 553"), "\(Self.text(run).suffix(300))")
        }
    }
}
