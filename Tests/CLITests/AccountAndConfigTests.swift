import Foundation
import PortContracts
import Testing

/// `status` tells who, where and with which file; `config` keeps settings privately and
/// says where each value came from; inputs are checked before anything is asked or sent.
@Suite("Status, config and early checks, end to end")
struct AccountAndConfigTests {
    @Test func statusNamesTheAccountServerAndFileAndListsEveryServer() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let builtIn = CLIProcess(in: directory)
                let remote = CLIProcess(in: directory, baseURL: server.baseURL)
                let none = try await builtIn.run(["status", "--all"])
                #expect(none.status == 77 && none.stdout.hasPrefix("Not signed in to any server."))
                #expect(try await builtIn.signIn(password: "cocoacasts").status == 0)
                #expect(try await remote.signIn(password: DemoAccount.password).status == 0)
                let status = try await remote.run(["status"])
                #expect(status.status == 0)
                #expect(
                    status.stdout.hasPrefix(
                        "✓ Signed in as demo@cocoacasts.com.\n  Session:     accepted by the server\n  Server:      \(server.baseURL.absoluteString)\n"
                            + "  Transport:   libcurl (loaded on the first request)\n"
                            + "  Token store: file \(remote.store.path) (no Secret Service on the session bus: "
                            + "DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus)\n"
                            + "  Saved:       \(directory.file("home").path)/.cache/cocoacasts"
                    ))
                let json = try await remote.run(["status", "--json"])
                let decoded = try #require(
                    try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
                #expect(
                    decoded["account"] as? String == "demo@cocoacasts.com" && decoded["builtInMock"] as? Bool == false)
                #expect(decoded["tokenFile"] as? String == remote.store.path)
                let all = try await remote.run(["status", "--all"])
                let origin = "http://127.0.0.1:\(server.baseURL.port ?? 0)"
                #expect(all.status == 0)
                #expect(all.stdout.contains("✓ \(origin) as demo@cocoacasts.com (in use)"))
                #expect(all.stdout.contains("✓ the mock API built into cocoacasts as demo@cocoacasts.com\n"))
                let builtInStatus = try await builtIn.run(["status"])
                #expect(builtInStatus.stdout.contains("the mock API built into cocoacasts (no --base-url"))
                #expect(try await remote.run(["signout"]).status == 0)
                let after = try await remote.run(["status", "--all", "--json"])
                #expect(
                    after.status == 0 && !after.stdout.contains(origin)
                        && after.stdout.contains("\"builtInMock\" : true"))
            }
        }
    }

    @Test func configKeepsSettingsPrivatelyAndTheEnvironmentAndFlagsWin() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory)
                let file = directory.file("config/cocoacasts/config.json")
                #expect(try await cli.run(["config", "set", "base-url", server.baseURL.absoluteString]).status == 0)
                let token = "0123456789abcdefSECRETTOKEN"
                let set = try await cli.run(["config", "set", "api-token", token])
                #expect(set.status == 0 && !set.stdout.contains(token) && set.stdout.contains("0123…"))
                #expect(try await cli.run(["config", "set", "timeout", "0"]).status == 64)
                #expect(try await cli.run(["config", "set", "base-url", "http://203.0.113.9/api"]).status == 64)
                let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
                #expect(mode == 0o600)
                let list = try await cli.run(["config", "list"])
                #expect(list.stdout.contains("base-url    \(server.baseURL.absoluteString)"))
                #expect(list.stdout.contains("config file") && !list.stdout.contains(token))
                #expect(try await cli.run(["config", "get", "timeout"]).status == 1)
                // The config file's token is wrong for this server: 77 until a flag or the environment wins.
                #expect(try await cli.run(["episodes"]).status == 77)
                let flagged = try await cli.run(["episodes", "--api-token", "1772bb7bc78941e2b51c9c67d17ee76e"])
                #expect(flagged.status == 0 && !flagged.stderr.contains("built into"))
                var withEnvironment = cli
                withEnvironment.environment = [
                    "COCOACASTS_API_TOKEN": "1772bb7bc78941e2b51c9c67d17ee76e", "COCOACASTS_TIMEOUT": "9",
                ]
                #expect(try await withEnvironment.run(["episodes"]).status == 0)
                let sources = try await withEnvironment.run(["config", "list", "--json"])
                let entries = try #require(
                    try JSONSerialization.jsonObject(with: Data(sources.stdout.utf8)) as? [[String: Any]])
                #expect(
                    entries.map { $0["source"] as? String ?? "" } == [
                        "config file", "environment", "environment", "default", "default", "default", "default",
                    ])
                #expect(!sources.stdout.contains(token) && !sources.stdout.contains("1772bb7bc78941e2b51c9c67d17ee76e"))
                #expect(try await cli.run(["config", "unset", "api-token"]).status == 0)
                #expect(try await cli.run(["episodes"]).status == 0)
                try Data("{not json".utf8).write(to: file)
                let corrupt = try await cli.run(["episodes"])
                #expect(corrupt.status == 74 && corrupt.stderr.contains("The config file \(file.path) is not valid"))
                #expect(try await cli.run(["--help"]).status == 0, "help needs no config")
                #expect(try String(contentsOf: file, encoding: .utf8) == "{not json", "a bad config file is kept")
            }
        }
    }

    @Test func theEmailIsCheckedBeforeThePasswordIsAskedFor() async throws {
        try await TemporaryDirectory.with { directory in
            let session = try await TerminalSessionTests.runOnTerminal(
                ["signin"],
                answers: [
                    ["E-mail: ", "not-an-address"], ["E-mail: ", "still-not"], ["E-mail: ", "nor@this"],
                    ["Password: ", "cocoacasts"],
                ], directory: directory)
            #expect(session.status == 64 && session.stdout.contains("'not-an-address' is not a valid e-mail address"))
            let unwrapped = session.stdout.replacingOccurrences(of: "\r\n", with: " ")  // the pty wraps at 80
            #expect(unwrapped.contains("expected name@example.com; try again"), "asked again, three times in all")
            #expect(!session.stdout.contains("Password:"))
        }
    }

    @Test func aPasswordTypedForPasswordStdinAtATerminalIsNotShown() async throws {
        try await TemporaryDirectory.with { directory in
            let session = try await TerminalSessionTests.runOnTerminal(
                ["signin", "--email", DemoAccount.email, "--password-stdin"], answers: [["Password: ", "cocoacasts"]],
                directory: directory)
            #expect(session.status == 0, "\(session.stdout)")
            #expect(!session.stdout.replacingOccurrences(of: "cocoacasts:", with: "").contains("Password: cocoacasts"))
        }
    }

    @Test func progressTakesAnEpisodeIdAndRefusesATimeBeyondTheVideo() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                let beyond = try await cli.run(["progress", "556", "--set", "99999"])
                #expect(beyond.status == 64 && beyond.stderr.contains("which is 513 s long"))
                #expect(try await server.admin.count(MockAPIRoute.updateProgress) == 0)
                let set = try await cli.run(["progress", "556", "--set", "124"])
                #expect(set.status == 0 && set.stdout.contains("Video 632759499: watched up to 2:04"))
                let catalogueFetches = try await server.admin.count(MockAPIRoute.episodes)
                #expect(try await cli.run(["progress", "632759499"]).stdout.contains("(124 s)"))
                #expect(
                    try await server.admin.count(MockAPIRoute.episodes) == catalogueFetches,
                    "a video id that cannot be an episode id costs no catalogue fetch")
            }
        }
    }
}
