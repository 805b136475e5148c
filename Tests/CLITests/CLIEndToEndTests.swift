import Foundation
import PortContracts
import Testing

@Suite("cocoacasts as a subprocess, against Scripts/mock-api and the built-in default")
struct CLIEndToEndTests {
    static let password = "pw-\(UUID().uuidString)"
    static let apiToken = "token-\(UUID().uuidString)"
    static let serverArguments = ["--password", password, "--api-token", apiToken]

    /// A signed-in CLI against a fresh server (see ``withServer(_:)``).
    static func signedIn(_ body: (MockAPIServer, CLIProcess) async throws -> Void) async throws {
        try await withServer { server, cli in
            #expect(try await cli.signIn(password: password).status == 0)
            try await body(server, cli)
        }
    }

    /// Runs `body` with a server using a secret password and API token, and a CLI pointed at it.
    static func withServer(_ body: (MockAPIServer, CLIProcess) async throws -> Void) async throws {
        try await MockAPIServer.with(arguments: serverArguments) { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(
                    in: directory, baseURL: server.baseURL, environment: ["COCOACASTS_API_TOKEN": apiToken])
                try await body(server, cli)
                cli.auditOutputs(for: [password, apiToken] + cli.storedTokens())
            }
        }
    }

    @Test func aWholeSessionAgainstTheServer() async throws {
        try await Self.withServer { server, cli in
            let signIn = try await cli.signIn(password: Self.password)
            #expect(signIn.status == 0 && signIn.stdout.contains("Signed in as demo@cocoacasts.com"))
            let tokens = cli.storedTokens()
            #expect(tokens.count == 2)
            #expect(
                try await cli.run(["status"]).stdout.hasPrefix(
                    "✓ Signed in as demo@cocoacasts.com.\n  Session:     accepted by the server\n"
                        + "  Server:      \(server.baseURL.absoluteString)\n"
                        + "  Transport:   libcurl (loaded on the first request)\n"))
            let table = try await cli.run(["episodes"])
            #expect(table.status == 0 && table.stdout.hasPrefix("556\tAuthenticating the Users\t8:33\n"))
            #expect(table.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
            #expect(table.stderr.isEmpty)
            let json = try await cli.run(["episodes", "--json"])
            #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.count == 25)
            #expect(
                try await cli.run(["episode", "556"]).stdout.hasPrefix("Authenticating the Users\nEpisode 556 · 8:33"))
            #expect(
                try await cli.run(["video", "556"]).stdout.contains(
                    "Stream:   https://player.vimeo.com/external/632759499.m3u8"))
            #expect(try await cli.run(["progress", "632759499", "--set", "124"]).stdout.contains("(124 s)"))
            #expect(try await cli.run(["progress", "632759499", "--json"]).stdout.contains(#""cursor" : 124"#))
            #expect(try await cli.run(["progress", "632759499", "--delete"]).status == 0)
            #expect(try await cli.run(["progress", "632759499"]).stdout.contains("not started"))
            #expect(try await cli.run(["signout"]).status == 0)
            let signedOut = try await cli.run(["status"])
            #expect(signedOut.status == 77 && signedOut.stdout.hasPrefix("Not signed in."))
            cli.auditOutputs(for: tokens)
        }
    }

    @Test func theBuiltInDefaultKeepsASignInForTheNextRun() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            let episodes = try await cli.run(["episodes"])
            #expect(episodes.status == 0 && episodes.stderr.contains("answering from the mock API built into"))
            #expect(try await cli.run(["episodes"]).stderr.isEmpty, "the notice is shown once per store")
            #expect(try await cli.signIn(password: "cocoacasts").status == 0)
            // Its state by the name an earlier release gave it is moved to the new name, and holds.
            let folder = cli.store.deletingLastPathComponent()
            let (state, earlier) = (
                folder.appendingPathComponent("built-in-api.json"), folder.appendingPathComponent("embedded-api.json")
            )
            try FileManager.default.moveItem(at: state, to: earlier)
            let video = try await cli.run(["video", "556", "--json"])
            #expect(video.status == 0 && video.stdout.contains(#""duration" : 513"#), "\(video)")
            #expect(video.stderr.isEmpty, "the notice was shown already: \(video.stderr)")
            #expect(FileManager.default.fileExists(atPath: state.path))
            #expect(!FileManager.default.fileExists(atPath: earlier.path))
            cli.auditOutputs(for: cli.storedTokens())
        }
    }

    @Test func eachErrorHasItsMessageAndStatus() async throws {
        try await Self.withServer { _, cli in
            let signedOut = try await cli.run(["video", "556"])
            #expect(
                signedOut.status == 77 && signedOut.stderr.contains("You need to be signed in to watch this episode."))
            let wrong = try await cli.signIn(password: "wrong")
            #expect(wrong.status == 77 && wrong.stderr.contains("The email/password combination is invalid."))
            let badFlag = try await cli.run(["episodes", "--jsn"])
            #expect(badFlag.status == 64 && badFlag.stderr.contains("Did you mean '--json'?"))
        }
    }

    /// A port bound and never listening, not a stopped server's, which a busy run may give to
    /// the next server at once.
    @Test func aDeadServerIsUnreachable() async throws {
        try await LoopbackPort.with(.closed) { closed in
            try await TemporaryDirectory.with { directory in
                let result = try await CLIProcess(in: directory, baseURL: closed.baseURL).run(["episodes"])
                #expect(
                    result.status == 69 && result.stderr.hasPrefix("cocoacasts: Could not connect to 127.0.0.1"),
                    "\(result)")
            }
        }
    }

    @Test func anExpiredTokenIsRefreshedWithoutTheUserNoticing() async throws {
        try await Self.withServer { server, cli in
            try await cli.signIn(password: Self.password)
            let before = cli.storedTokens()
            try await server.admin.expireAccessTokens()
            let video = try await cli.run(["video", "556", "--verbose"])
            #expect(video.status == 0 && video.stdout.contains("Duration: 8:33"))
            #expect(video.stderr.contains("* ⟳ refreshed"))
            #expect(try await server.admin.count(MockAPIRoute.refresh) == 1)
            #expect(Set(cli.storedTokens()).isDisjoint(with: before))
            cli.auditOutputs(for: before)
        }
    }

    @Test func aRefusedRefreshSignsOut() async throws {
        try await Self.withServer { server, cli in
            try await cli.signIn(password: Self.password)
            let revoked = cli.storedTokens()
            try await server.admin.reset()  // the server forgets every token
            let video = try await cli.run(["video", "556"])
            #expect(video.status == 77 && video.stderr.contains("You need to be signed in to watch this episode."))
            #expect(try await cli.run(["status"]).stdout.hasPrefix("Not signed in."))
            cli.auditOutputs(for: revoked)
        }
    }

    @Test func anUnreadableTokenFileIsReportedAndKept() async throws {
        try await Self.withServer { _, cli in
            try await cli.signIn(password: Self.password)
            let tokens = cli.storedTokens()
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: cli.store.path)
            let open = try await cli.run(["video", "556"])
            #expect(open.status == 74 && open.stderr.contains("chmod 600 \(cli.store.path)"))
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: cli.store.path)
            try Data("{broken".utf8).write(to: cli.store)
            let corrupt = try await cli.run(["status"])
            #expect(corrupt.status == 74 && corrupt.stderr.contains(cli.store.path))
            #expect(try String(contentsOf: cli.store, encoding: .utf8) == "{broken")
            cli.auditOutputs(for: tokens)
        }
    }

    /// Whoever asks to sign out of a token file that does not parse wants out: the file is set
    /// aside (never deleted: it may be someone's only copy) and the message says where; other
    /// commands keep refusing to touch it.
    @Test func signingOutOfATokenFileThatDoesNotParseSetsItAside() async throws {
        try await Self.withServer { _, cli in
            try await cli.signIn(password: Self.password)
            try Data("garbage\n".utf8).write(to: cli.store)
            let video = try await cli.run(["video", "556"])
            #expect(video.status == 74 && video.stderr.contains("signing in or out sets it aside"))
            #expect(try String(contentsOf: cli.store, encoding: .utf8) == "garbage\n")
            let signOut = try await cli.run(["signout"])
            #expect(signOut.status == 0, "\(signOut.stderr)")
            let folder = cli.store.deletingLastPathComponent()
            let setAside = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasPrefix("credentials.json.corrupt-") }
            #expect(setAside.count == 1)
            let kept = try String(contentsOf: folder.appendingPathComponent(setAside.first ?? "-"), encoding: .utf8)
            #expect(kept == "garbage\n")
            #expect(signOut.stderr.contains(setAside.first ?? "-"), "the message says where the file went")
            #expect(signOut.stdout.contains("Signed out of"))
            let status = try await cli.run(["status"])
            #expect(status.status == 77 && status.stdout.hasPrefix("Not signed in."))
        }
    }
}
