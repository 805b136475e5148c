import Foundation
import PortContracts
import TestSupport
import Testing

/// The built CLI with a real keyring: `gnome-keyring-daemon` on a private session bus,
/// `Scripts/mock-api` as the server, `secret-tool` as a second client of the keyring.
/// One test at a time: each runs up to eight CLIs, a bus and a keyring, and together they
/// starved the timing of `InterruptionTests`' soak on two cores.
@Suite("cocoacasts with the keyring (Secret Service)", .serialized)
struct KeyringEndToEndTests {
    /// Runs `body` with a server, a keyring (unlocked unless told), and a CLI that reaches both.
    static func withKeyring(
        unlocked: Bool = true, _ body: (MockAPIServer, CLIProcess, PrivateKeyring) async throws -> Void
    ) async throws {
        if let missing = PrivateKeyring.missing {
            try skip(because: missing)
            return
        }
        try await MockAPIServer.with(arguments: CLIEndToEndTests.serverArguments) { server async throws in
            try await TemporaryDirectory.with { directory in
                let keyring = try await PrivateKeyring.start(home: directory.file("keyring"), unlocked: unlocked)
                var environment = keyring.environment
                environment["HOME"] = nil
                environment["COCOACASTS_API_TOKEN"] = CLIEndToEndTests.apiToken
                let cli = CLIProcess(in: directory, baseURL: server.baseURL, environment: environment)
                do {
                    try await body(server, cli, keyring)
                    let kept = try await Self.pairs(in: keyring).flatMap { $0 }
                    cli.auditOutputs(for: [CLIEndToEndTests.password] + kept)
                } catch {
                    await keyring.stop()
                    throw error
                }
                await keyring.stop()
            }
        }
    }

    /// Every token the keyring holds for the CLI, read by `secret-tool`, pair by pair.
    static func pairs(in keyring: PrivateKeyring) async throws -> [[String]] {
        let search = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/secret-tool"), ["search", "--all", "application", "cocoacasts"],
            environment: keyring.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 })
        return search.stdout.split(separator: "\n").filter { $0.hasPrefix("secret = ") }.compactMap { line in
            // An item whose secret is not the CLI's JSON holds no pair of the CLI's.
            let secret = try? JSONDecoder().decode([String: String].self, from: Data(line.dropFirst(9).utf8))
            return secret.map { [$0["accessToken"], $0["refreshToken"]].compactMap { $0 } }
        }
    }

    /// The files under `directory` holding one of `tokens`.
    static func files(in directory: TemporaryDirectory, holding tokens: [String]) -> [String] {
        let enumerator = FileManager.default.enumerator(at: directory.url, includingPropertiesForKeys: nil)
        var found: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard let data = try? Data(contentsOf: url) else { continue }  // a directory or a socket
            let text = String(decoding: data, as: UTF8.self)
            if tokens.contains(where: { text.contains($0) }) { found.append(url.lastPathComponent) }
        }
        return found
    }

    @Test func aSignInKeepsThePairInTheKeyringAndInNoFile() async throws {
        try await Self.withKeyring { server, cli, keyring in
            #expect(try await cli.signIn(password: CLIEndToEndTests.password).status == 0)
            let pairs = try await Self.pairs(in: keyring)
            #expect(pairs.count == 1 && pairs.first?.count == 2, "secret-tool reads one pair")
            #expect(Self.files(in: cli.directory, holding: pairs.flatMap { $0 }).isEmpty)
            let status = try await cli.run(["status"])
            #expect(status.status == 0 && status.stdout.contains("  Token store: keyring (Login)\n"))
            let json = try await cli.run(["status", "--json"])
            let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            let store = document?["tokenStore"] as? [String: Any]
            #expect(store?["kind"] as? String == "keyring" && store?["collection"] as? String == "Login")
            #expect(document?["tokenFile"] == nil)
            #expect(try await cli.run(["video", "556"]).status == 0)
            #expect(try await cli.run(["signout"]).status == 0)
            #expect(try await Self.pairs(in: keyring).isEmpty)
        }
    }

    @Test func theReadmesWalkthroughWithTheBuiltInMockLeavesNoTokenInAnyFile() async throws {
        try await Self.withKeyring { _, remote, keyring in
            var cli = remote
            cli.baseURL = nil
            cli.environment["COCOACASTS_API_TOKEN"] = nil
            #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
            #expect(try await cli.run(["episodes"]).status == 0)
            #expect(try await cli.run(["video", "556"]).status == 0)
            #expect(try await cli.run(["progress", "556", "--set", "1:30"]).status == 0)
            let pairs = try await Self.pairs(in: keyring)
            #expect(pairs.count == 1 && pairs.first?.count == 2)
            #expect(Self.files(in: cli.directory, holding: pairs.flatMap { $0 }).isEmpty)
        }
    }

    @Test func withoutLibsecretTheFileServesAndSaysWhy() async throws {
        // libsecret hidden by a bind mount in a private mount namespace (root only).
        let library = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
            .map { "\($0)/libsecret-1.so.0" }.first { FileManager.default.fileExists(atPath: $0) }
        guard getuid() == 0, let library, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            try skip(because: "hiding libsecret needs root, unshare and libsecret itself")
            return
        }
        try await Self.withKeyring { _, cli, _ in
            let script = "mount --bind /dev/null \(library) && exec \(CLIProcess.binary.path) status"
            let hidden = try await ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/unshare"), ["-m", "sh", "-c", script],
                environment: cli.processEnvironment, timeout: .seconds(60))
            guard !hidden.stderr.contains("unshare failed") else {
                try skip(because: "this machine refuses a mount namespace: \(hidden.stderr)")
                return
            }
            #expect(hidden.status == 77, "\(hidden.stderr)")
            #expect(hidden.stdout.contains("  Token store: file \(cli.store.path) (libsecret could not be loaded: "))
        }
    }

    /// Eight `video` runs at once with an expired access token: all succeed, with one
    /// refresh and no refresh token presented twice.
    static func eightRunsRefreshOnce(_ cli: CLIProcess, server: MockAPIServer) async throws {
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<8 { group.addTask { try await cli.run(["video", "556"], timeout: .seconds(60)).status } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 0, count: 8))
        #expect(try await server.admin.count(MockAPIRoute.refresh) == 1)
        #expect(try await server.admin.count("refresh-reuse") == 0)
    }

    @Test func eightProcessesWithAnExpiredTokenRefreshOnce() async throws {
        try await Self.withKeyring { server, cli, keyring in
            #expect(try await cli.signIn(password: CLIEndToEndTests.password).status == 0)
            try await server.admin.expireAccessTokens()
            try await Self.eightRunsRefreshOnce(cli, server: server)
            #expect(try await Self.pairs(in: keyring).count == 1)
        }
    }

    @Test func eightFirstRunsMoveAPairFromTheTokenFileAndRefreshOnce() async throws {
        try await Self.withKeyring { server, cli, keyring in
            // Given a sign-in kept in the token file, as the previous version kept it
            var previous = cli
            previous.environment["COCOACASTS_TOKEN_STORE"] = "file"
            #expect(try await previous.signIn(password: CLIEndToEndTests.password).status == 0)
            let filed = cli.storedTokens()
            let before = try await Self.pairs(in: keyring)
            #expect(filed.count == 2 && before.isEmpty)
            try await server.admin.expireAccessTokens()
            // When eight first runs with the keyring start at once
            try await Self.eightRunsRefreshOnce(cli, server: server)
            // Then the pair moved, was refreshed once, and no file keeps a token
            let moved = try await Self.pairs(in: keyring)
            #expect(moved.count == 1)
            #expect(cli.storedTokens().isEmpty)
            #expect(Self.files(in: cli.directory, holding: filed + moved.flatMap { $0 }).isEmpty)
            #expect(try await server.admin.count(MockAPIRoute.signIn) == 1)
        }
    }

    @Test func anInterruptedMigrationIsFinishedByTheNextRun() async throws {
        try await Self.withKeyring { server, cli, keyring in
            // Given the pair in both stores: copied into the keyring, then killed before
            // the file was cleared
            #expect(try await cli.signIn(password: CLIEndToEndTests.password).status == 0)
            let inKeyring = try #require(try await Self.pairs(in: keyring).first)
            var previous = cli
            previous.environment["COCOACASTS_TOKEN_STORE"] = "file"
            #expect(try await previous.signIn(password: CLIEndToEndTests.password).status == 0)
            let stale = cli.storedTokens()
            #expect(stale.count == 2)
            try await Self.restore(inKeyring, for: server, keyring: keyring)
            // When the next run starts
            #expect(try await cli.run(["status"]).status == 0)
            // Then the keyring's pair stays and the file's copy is gone
            #expect(try await Self.pairs(in: keyring) == [inKeyring])
            #expect(cli.storedTokens().isEmpty)
        }
    }

    /// Writes `pair` back as the keyring's item for `server`, as a run that copied it would have.
    static func restore(_ pair: [String], for server: MockAPIServer, keyring: PrivateKeyring) async throws {
        let origin = "http://127.0.0.1:\(server.port)"
        let secret = #"{"accessToken":"\#(pair[0])","refreshToken":"\#(pair[1])"}"#
        let stored = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/secret-tool"),
            [
                "store", "--label=Cocoacasts sign-in for \(origin)", "xdg:schema", "com.cocoacasts.Session",
                "application", "cocoacasts", "origin", origin,
            ], environment: keyring.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }, stdin: secret)
        #expect(stored.status == 0)
    }

    @Test func aLockedKeyringFailsWith74AndNothingIsWrittenAnywhere() async throws {
        try await Self.withKeyring(unlocked: false) { server, cli, keyring in
            let signIn = try await cli.signIn(password: CLIEndToEndTests.password)
            #expect(signIn.status == 74)
            #expect(signIn.stderr.contains("The keyring could not be used: the keyring “Login” is locked"))
            #expect(signIn.stderr.contains("--token-store file"))
            #expect(try await server.admin.count(MockAPIRoute.signIn) == 0, "the password was never sent")
            #expect(!FileManager.default.fileExists(atPath: cli.directory.file("config").path))
            #expect(!FileManager.default.fileExists(atPath: cli.directory.file("home/.cocoacasts").path))
            let status = try await cli.run(["status"])
            #expect(status.status == 74 && status.stderr.contains("is locked"))
            #expect(status.stderr.contains("To keep the tokens in a file instead: --token-store file."))
        }
    }

    @Test func aKeyringThatDoesNotAnswerIsAStoreErrorNotAHang() async throws {
        try await Self.withKeyring { server, cli, keyring in
            keyring.suspend()
            defer { keyring.suspend(false) }
            let started = ContinuousClock.now
            let status = try await cli.run(["status"], timeout: .seconds(120))
            #expect(status.status == 74 && status.stderr.contains("did not answer within 10 s"), "\(status)")
            #expect(ContinuousClock.now - started < .seconds(60))
        }
    }

    @Test func withoutASessionBusTheFileServesAndStatusSaysWhy() async throws {
        try await Self.withKeyring { server, cli, keyring in
            #expect(try await cli.signIn(password: CLIEndToEndTests.password).status == 0)
            var remote = cli  // a run over ssh: no session bus
            remote.environment["DBUS_SESSION_BUS_ADDRESS"] = nil
            remote.environment["XDG_RUNTIME_DIR"] = nil
            let status = try await remote.run(["status"])
            #expect(status.status == 77)
            #expect(
                status.stdout.contains(
                    "  Token store: file \(cli.store.path) (no Secret Service on the session bus: "
                        + "DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus)"))
            #expect(
                status.stderr.contains("is kept in the keyring “Login”") && status.stderr.contains("not signed out"))
            let json = try await remote.run(["status", "--json"])
            let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect((document?["tokenStore"] as? [String: Any])?["kind"] as? String == "file")
            #expect(document?["tokenFile"] as? String == cli.store.path)
            // The session in the keyring is untouched, and a run with the bus still uses it.
            #expect(try await Self.pairs(in: keyring).count == 1)
            #expect(try await cli.run(["video", "556"]).status == 0)
            var insisting = remote
            insisting.environment["COCOACASTS_TOKEN_STORE"] = "keyring"
            let refused = try await insisting.run(["status"])
            #expect(refused.status == 74 && refused.stderr.contains("COCOACASTS_TOKEN_STORE=keyring"))
        }
    }

    @Test func aBusWithoutASecretServiceLeavesTheFileAndStatusSaysWhy() async throws {
        if let missing = PrivateKeyring.missing {
            try skip(because: missing)
            return
        }
        try await TemporaryDirectory.with { directory in
            let bus = try await PrivateKeyring.startBusWithoutKeyring(home: directory.file("bus"))
            var cli = CLIProcess(in: directory)
            cli.environment = ["DBUS_SESSION_BUS_ADDRESS": bus.busAddress]
            let status = try await cli.run(["status"])
            await bus.stop()
            #expect(status.status == 77, "\(status.stderr)")
            #expect(
                status.stdout.contains(
                    "Token store: file \(cli.store.path) (no Secret Service on the session bus: "
                        + "The name org.freedesktop.secrets was not provided by any .service files)"),
                "\(status.stdout)")
        }
    }

    @Test func ctrlCDuringARefreshKeepsTheSessionInTheKeyring() async throws {
        try await Self.withKeyring { server, cli, keyring in
            #expect(try await cli.signIn(password: CLIEndToEndTests.password).status == 0)
            try await server.admin.expireAccessTokens()
            try await server.admin.inject(.hold(30, route: MockAPIRoute.refresh))
            let interrupted = try await cli.run(InterruptionTests.video, timeout: InterruptionTests.killTimeout) {
                send in
                try await InterruptionTests.untilARequest(for: MockAPIRoute.refresh, at: server)
                send(SIGINT)
            }
            #expect(interrupted.killedBy == nil && interrupted.status == 130, "\(interrupted.stderr)")
            let next = try await cli.run(["video", "632759499"])
            #expect(next.status == 0, "\(next.stderr)")
            #expect(try await server.admin.count(MockAPIRoute.refresh) == 1)
            #expect(try await server.admin.count("refresh-reuse") == 0)
        }
    }
}
