import Foundation
import PortContracts
import Testing

/// `episodes [TEXT...] [--limit N]`: what a new user types first to find an episode,
/// on the server's list and on the saved one, in every output the command has.
@Suite("Find: episodes by the words of their title or excerpt")
struct FindTests {
    @Test func everyWordMustMatchWhateverTheCase() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            let pattern = try await cli.run(["episodes", "PATTERN"])
            #expect(pattern.status == 0 && pattern.stdout.split(separator: "\n").count > 1, "\(pattern.stdout)")
            let found = try await cli.run(["episodes", "Pattern", "adopting"])
            #expect(found.status == 0)
            #expect(found.stdout == "553\tAdopting the Model-View-ViewModel Pattern\t6:32\n")
            let quoted = try await cli.run(["episodes", "pattern ADOPTING"])
            #expect(quoted.stdout == found.stdout, "one argument or several, the same words")
        }
    }

    @Test func theLimitKeepsTheFirstN() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            let three = try await cli.run(["episodes", "--limit", "3"])
            #expect(three.status == 0)
            #expect(three.stdout.split(separator: "\n").map { $0.prefix { $0 != "\t" } } == ["556", "553", "551"])
            let json = try await cli.run(["episodes", "swiftui", "--limit", "1", "--json"])
            let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
            #expect(decoded?.count == 1)
            let zero = try await cli.run(["episodes", "--limit", "0"])
            #expect(zero.status == 64 && zero.stderr.contains("'0' is not a valid --limit"))
        }
    }

    /// As `gh issue list` does: nothing went wrong, so the status is 0 and the words say "none".
    @Test func nothingFoundSaysSoAndExitsZero() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            let none = try await cli.run(["episodes", "quantum", "knitting"])
            #expect(none.status == 0)
            #expect(none.stdout.isEmpty)
            #expect(none.stderr.contains("cocoacasts: no episode has “quantum knitting” in its title or excerpt.\n"))
            let json = try await cli.run(["episodes", "quantum", "--json"])
            #expect(json.status == 0 && json.stdout == "[]\n")
        }
    }

    @Test func theSavedListIsSearchedOffline() async throws {
        try await TemporaryDirectory.with { directory in
            let server = try await MockAPIServer.start()
            let cli = CLIProcess(in: directory, baseURL: server.baseURL)
            #expect(try await cli.run(["episodes"]).status == 0)  // saves the list
            await server.stop()
            let offline = try await cli.run(["episodes", "authenticating", "--offline"])
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(offline.stdout == "556\tAuthenticating the Users\t8:33\n")
            let unreachable = try await cli.run(["episodes", "authenticating"])
            #expect(unreachable.status == 0 && unreachable.stdout == offline.stdout)
        }
    }

    @Test func aTerminalGetsATableOfWhatWasFound() async throws {
        try await TemporaryDirectory.with { directory in
            let session = try await TerminalSessionTests.runOnTerminal(
                ["episodes", "authenticating", "--color", "never"], answers: [], directory: directory, columns: 80,
                stderrToNull: true)
            #expect(session.status == 0)
            let lines = session.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            #expect(lines.count == 2 && lines.first?.hasSuffix("DURATION") == true, "\(lines)")
            #expect(lines.last?.contains("Authenticating the Users") == true)
        }
    }
}
