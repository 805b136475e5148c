import Foundation
import PortContracts
import TestSupport
import Testing

/// The colour rules on a real pseudo-terminal, against a server slow enough for the spinner.
@Suite("Colour and cursor control on a terminal follow TERM, NO_COLOR, --color and the locale")
struct TerminalColourTests {
    private static let escape = "\u{1B}["

    private static func episodes(
        environment: [String: String] = [:], arguments: [String] = [], stderrToNull: Bool = false
    ) async throws -> ChildProcess.Outcome {
        try await MockAPIServer.with(arguments: ["--fault", #"{"route": "*", "kind": "latency", "seconds": 0.6}"#]) {
            server async throws in
            try await TemporaryDirectory.with { directory in
                try await TerminalSessionTests.runOnTerminal(
                    ["episodes"] + arguments, answers: [], directory: directory, baseURL: server.baseURL,
                    environment: environment, stderrToNull: stderrToNull)
            }
        }
    }

    @Test func aDumbTerminalGetsNoEscapeSequencesAndNoSpinner() async throws {
        let session = try await Self.episodes(environment: ["TERM": "dumb"])
        #expect(session.status == 0 && session.stdout.contains("  556  Authenticating the Users"))
        #expect(!session.stdout.contains(Self.escape) && !session.stdout.contains("Fetching episodes"))
    }

    @Test(arguments: [("1", false), ("", true)])
    func onlyANonEmptyNoColorTurnsColourOff(value: String, coloured: Bool) async throws {
        let session = try await Self.episodes(environment: ["NO_COLOR": value])
        #expect(session.status == 0)
        #expect(session.stdout.contains(Self.escape + "1m") == coloured)
    }

    @Test func colorNeverWinsOnATerminal() async throws {
        let session = try await Self.episodes(arguments: ["--color", "never"])
        #expect(session.status == 0 && !session.stdout.contains(Self.escape))
    }

    @Test func standardOutputKeepsItsColourWhenStandardErrorGoesElsewhere() async throws {
        let session = try await Self.episodes(stderrToNull: true)
        #expect(session.status == 0 && session.stdout.contains(Self.escape + "1m   ID  TITLE"))
        #expect(!session.stdout.contains("Fetching episodes"), "the spinner went to /dev/null with standard error")
    }

    @Test func theCLocaleGetsASCIISymbolsAndSpinner() async throws {
        let session = try await Self.episodes(environment: ["LANG": "C"])
        #expect(session.status == 0 && session.stdout.contains("| Fetching episodes..."))
        let printable = session.stdout.unicodeScalars.filter { $0.value >= 0x80 }
        let titles = Set("“”’—…·–é".unicodeScalars)  // what the catalogue's own text holds
        #expect(printable.allSatisfy(titles.contains), "\(String(String.UnicodeScalarView(printable)))")
        #expect(!session.stdout.contains("⠋") && !session.stdout.contains("✓"))
    }

    @Test func aPipedRunGetsNoColourButColorAlwaysForcesIt() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            let piped = try await cli.run(["episode", "556"])
            #expect(piped.status == 0 && !piped.stdout.contains(Self.escape))
            let forced = try await cli.run(["episode", "556", "--color=always"])
            #expect(forced.stdout.hasPrefix(Self.escape + "1m"))
        }
    }
}
