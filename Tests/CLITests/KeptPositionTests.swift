import Foundation
import PortContracts
import Testing

/// A position the server cannot take is kept on this machine — by `progress --set` as by
/// `watch` — listed by `status` whoever is signed in, said once when the server is down, and
/// sent by the next command that reaches the server.
@Suite("Kept positions: kept by --set, always listed, said once")
struct KeptPositionTests {
    /// A CLI signed in to `server`, with 1:30 of episode 556 kept because the server refused the save.
    static func keepingASet(_ server: MockAPIServer, in directory: TemporaryDirectory) async throws -> CLIProcess {
        let cli = CLIProcess(in: directory, baseURL: server.baseURL)
        #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
        try await server.admin.inject(.status(503, route: MockAPIRoute.updateProgress, count: -1))
        let set = try await cli.run(["progress", "556", "--set", "1:30"])
        #expect(set.status == 1, "\(set)")
        #expect(set.stderr.contains("The server answered 503"), "\(set.stderr)")
        #expect(
            set.stdout.contains(
                "Not yet saved: 1:30, kept on this machine since just now; the next command that reaches the server "
                    + "sends it."), "\(set.stdout)")
        try await server.admin.clearFaults()
        return cli
    }

    @Test func aSetTheServerCannotTakeIsKeptAndSentByTheNextCommand() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = try await Self.keepingASet(server, in: directory)
                let next = try await cli.run(["episodes", "--limit", "1"])
                #expect(next.stderr.contains("saved the position 1:30 of video 632759499"), "\(next.stderr)")
                #expect(try await WatchTests.savedCursor(cli) == 90)
            }
        }
    }

    /// A position kept by an earlier run, as the kept-position store's file holds it, of `server`'s origin.
    static func keep(
        _ cursor: Int, in cli: CLIProcess, server: MockAPIServer, file name: String = "kept-positions.json",
        secondsAgo: Double = 120
    ) throws {
        let key = "http://127.0.0.1:\(server.port)#\(DemoAccount.email)#progress#632759499"
        let value = "{\"cursor\":\(cursor),\"recordedAt\":\(Date().timeIntervalSince1970 - secondsAgo)}"
        let document = try JSONSerialization.data(withJSONObject: ["version": 1, "values": [key: value]])
        let file = cli.store.deletingLastPathComponent().appendingPathComponent(name)
        try document.write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }

    @Test func statusListsKeptPositionsWhenTheSessionIsRefusedAndAfterSigningOut() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                try Self.keep(90, in: cli, server: server)
                let line = "Not saved:   1 position kept on this machine: video 632759499 at 1:30 (2 minutes ago"
                try await server.admin.reset()  // the server forgets every session
                let refused = try await cli.run(["status"])
                #expect(refused.status == 77 && refused.stdout.contains("the server refused the session"))
                #expect(refused.stdout.contains(line + ", for demo@cocoacasts.com)"), "\(refused.stdout)")
                #expect(try await cli.run(["signout"]).status == 0)
                for arguments in [["status"], ["status", "--offline"]] {
                    let status = try await cli.run(arguments)
                    #expect(status.stdout.contains("Not signed in"))
                    #expect(status.stdout.contains(line + ", for demo@cocoacasts.com)"), "\(arguments): \(status)")
                }
                let json = try await cli.run(["status", "--json"])
                let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
                let kept = report?["keptPositions"] as? [[String: Any]]
                #expect(kept?.count == 1, "\(json.stdout)")
                #expect(kept?.first?["account"] as? String == "demo@cocoacasts.com")
                #expect(kept?.first?["cursor"] as? Int == 90 && kept?.first?["videoID"] as? String == "632759499")
                // Signed in again, the account's next command sends it.
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                #expect(try await cli.run(["episodes", "--limit", "1"]).stderr.contains("saved the position 1:30"))
                #expect(try await WatchTests.savedCursor(cli) == 90)
            }
        }
    }

    /// The values of a key-value file.
    static func values(in file: URL) throws -> [String: Any] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        return try #require(document?["values"] as? [String: Any])
    }

    /// A position an earlier release kept in `pending-progress.json` is moved to
    /// `kept-positions.json`, 0600, and the JSON gives it under the new field names and the
    /// earlier ones alike.
    @Test func positionsAnEarlierReleaseKeptAreMovedToTheNewFileAndRead() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                try Self.keep(90, in: cli, server: server, file: "pending-progress.json")
                let status = try await cli.run(["status", "--offline", "--json"])
                let report = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
                for field in ["keptPositions", "pendingProgress"] {
                    let kept = report?[field] as? [[String: Any]]
                    #expect(kept?.first?["cursor"] as? Int == 90, "\(field): \(status)")
                }
                let folder = cli.store.deletingLastPathComponent()
                #expect(try Self.values(in: folder.appendingPathComponent("pending-progress.json")).isEmpty)
                let moved = try FileManager.default.attributesOfItem(
                    atPath: folder.appendingPathComponent("kept-positions.json").path)
                #expect(moved[.posixPermissions] as? Int == 0o600)
                try await server.admin.inject(.status(503, route: MockAPIRoute.updateProgress, count: -1))
                let progress = try await cli.run(["progress", "556", "--json"])
                let object = try JSONSerialization.jsonObject(with: Data(progress.stdout.utf8)) as? [String: Any]
                for field in ["kept", "pending"] {
                    #expect((object?[field] as? [String: Any])?["cursor"] as? Int == 90, "\(field): \(progress)")
                }
                // A process of the earlier release, still running, keeps a later position by the old name:
                // the next run folds it in, the later one winning.
                try Self.keep(150, in: cli, server: server, file: "pending-progress.json", secondsAgo: 10)
                let folded = try await cli.run(["status", "--offline", "--json"])
                let after = try JSONSerialization.jsonObject(with: Data(folded.stdout.utf8)) as? [String: Any]
                #expect(
                    (after?["keptPositions"] as? [[String: Any]])?.map { $0["cursor"] as? Int } == [150], "\(folded)")
                #expect(try Self.values(in: folder.appendingPathComponent("pending-progress.json")).isEmpty)
            }
        }
    }

    /// An earlier release's file that is not a key-value document is said, left as it was, and
    /// the command goes on with what `kept-positions.json` holds.
    @Test func anUnreadableEarlierFileIsSaidAndLeftAsItWas() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                try Self.keep(90, in: cli, server: server)
                let earlier = cli.store.deletingLastPathComponent().appendingPathComponent("pending-progress.json")
                try Data("{not json".utf8).write(to: earlier)
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: earlier.path)
                let status = try await cli.run(["status", "--offline"])
                #expect(status.status == 0, "\(status)")
                #expect(
                    status.stderr.contains("the positions kept in pending-progress.json stay there until a later run"),
                    "\(status.stderr)")
                #expect(status.stdout.contains("1 position kept on this machine: video 632759499 at 1:30"))
                #expect(try String(contentsOf: earlier, encoding: .utf8) == "{not json")
            }
        }
    }

    /// The server down: the connection failure is said once, with the kept position beside it;
    /// a --set or --done that cannot look its episode up says nothing was saved.
    @Test func aServerThatIsDownIsSaidOnceWithTheKeptPosition() async throws {
        try await TemporaryDirectory.with { directory in
            let server = try await MockAPIServer.start()
            let cli = try await Self.keepingASet(server, in: directory)
            await server.stop()
            let read = try await cli.run(["progress", "556"])
            #expect(read.status == 69, "\(read)")
            let said = (read.stdout + read.stderr).components(separatedBy: "Could not connect to 127.0.0.1").count - 1
            #expect(said == 1, "the cause said \(said) times: \(read)")
            #expect(read.stdout.contains("Not yet saved: 1:30, kept on this machine"), "\(read)")
            // Another command says the cause once too, and that a position waits.
            for arguments in [["video", "556"], ["episodes", "--limit", "1"]] {
                let other = try await cli.run(arguments)
                let causes = other.stderr.components(separatedBy: "Could not connect to 127.0.0.1").count - 1
                #expect(causes <= 1, "\(arguments): the cause said \(causes) times: \(other.stderr)")
                #expect(
                    other.stderr.contains(
                        "1 position kept on this machine waits for the server; `cocoacasts status` lists it."),
                    "\(arguments): \(other.stderr)")
            }
            var uncached = cli
            uncached.environment["XDG_CACHE_HOME"] = directory.file("empty-cache").path
            let set = try await uncached.run(["progress", "556", "--set", "1:40"])
            #expect(set.status == 69, "\(set)")
            #expect((set.stdout + set.stderr).components(separatedBy: "Could not connect").count == 2, "\(set)")
            #expect(set.stderr.contains("The position 1:40 was not saved."), "\(set.stderr)")
            #expect(!set.stderr.contains("could not be fetched"))
            let done = try await uncached.run(["progress", "556", "--done"])
            #expect(done.status == 69 && done.stderr.contains("It was not marked watched."), "\(done)")
            #expect(!done.stderr.contains("could not be fetched"))
        }
    }
}
