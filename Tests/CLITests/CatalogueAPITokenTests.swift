import Foundation
import PortContracts
import Testing

/// The saved catalogue once answered a wrong API token, and `--api-token` showed in `ps`.
@Suite("The saved catalogue per API token, and the API token from standard input")
struct CatalogueAPITokenTests {
    /// After one run, `--api-token wrong` was answered from the saved list with exit 0.
    @Test func anotherAPITokenIsAskedNotAnsweredFromTheSavedList() async throws {
        try await MockAPIServer.with(arguments: ["--cache-control", "max-age=600"]) { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                var cli = CLIProcess(in: directory, baseURL: server.baseURL)
                cli.environment["XDG_CACHE_HOME"] = directory.file("cache").path
                #expect(try await cli.run(["episodes"]).status == 0)
                let wrong = try await cli.run(["episodes", "--api-token", "wrong"])
                #expect(wrong.status == 77 && wrong.stdout.isEmpty, "\(wrong.stderr)")
                let piped = try await cli.run(["episodes", "--api-token-stdin"], stdin: "also-wrong\n")
                #expect(piped.status == 77, "\(piped.stderr)")
                #expect(try await server.admin.count(MockAPIRoute.episodes) == 3)
                #expect(try await cli.run(["episodes"]).status == 0)
                #expect(
                    try await server.admin.count(MockAPIRoute.episodes) == 3, "the right token's list is still saved")
            }
        }
    }

    @Test func theAPITokenFromStandardInputIsSentAndNeverEchoed() async throws {
        let token = "a-token-typed-at-the-terminal"
        try await MockAPIServer.with(arguments: ["--api-token", token]) { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                let piped = try await CLIProcess(in: directory, baseURL: server.baseURL)
                    .run(["episodes", "--api-token-stdin", "--no-cache"], stdin: token + "\n")
                #expect(piped.status == 0, "\(piped.stderr)")
                let session = try await TerminalSessionTests.runOnTerminal(
                    ["--api-token-stdin", "episodes", "--no-cache"], answers: [["API token: ", token]],
                    directory: directory, baseURL: server.baseURL)
                #expect(session.status == 0, "\(session.stdout)")
                #expect(session.stdout.contains("API token: ") && !session.stdout.contains(token))
                let conflict = try await CLIProcess(in: directory).run([
                    "episodes", "--api-token-stdin", "--api-token", "x",
                ])
                #expect(conflict.status == 64 && conflict.stderr.contains("cannot be used together"))
            }
        }
    }

    @Test func configSetReadsTheAPITokenFromStandardInput() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let cli = CLIProcess(in: directory)
            let set = try await cli.run(["config", "set", "api-token", "-"], stdin: "token-from-a-pipe\n")
            #expect(set.status == 0 && !set.stdout.contains("token-from-a-pipe"))
            let config = try String(contentsOf: directory.file("config/cocoacasts/config.json"), encoding: .utf8)
            #expect(config.contains("token-from-a-pipe"))
            let empty = try await cli.run(["config", "set", "api-token", "-"], stdin: "")
            #expect(empty.status == 64)
        }
    }

    /// The library says what is wrong with the token; the CLI says where it came from.
    @Test func anAPITokenAHeaderCannotCarryNamesWhereToFixIt() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let outcome = try await CLIProcess(in: directory).run(["episodes", "--api-token", "with space"])
            #expect(outcome.status == 64, "\(outcome)")
            #expect(outcome.stderr.contains("a header cannot carry. Check --api-token, COCOACASTS_API_TOKEN or the "))
        }
    }
}
