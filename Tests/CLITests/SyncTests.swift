import Foundation
import PortContracts
import Synchronization
import TestSupport
import Testing

/// `sync` end to end against the mock API and its media over TCP: two homes of one account,
/// a server that cannot be reached, two runs at once, and what a timer sees.
@Suite("sync: the next episodes kept ready, the finished ones cleared")
struct SyncTests {
    /// Episode 551's video; 553 and 556 were published after it (the catalogue's order).
    static let video551 = "629336476"

    /// A server with media, a CLI signed in to it, and its home.
    static func synced(
        _ arguments: [String] = [], _ body: (MockAPIServer, CLIProcess, TemporaryDirectory) async throws -> Void
    ) async throws {
        try await MockAPIServer.with(arguments: ["--media", "--media-seconds", "2"] + arguments) {
            server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                try await body(server, cli, directory)
            }
        }
    }

    enum SyncTestError: Error {
        case noMediaRequest
    }

    /// Whether `server` was asked for a video's file within 60 s: far longer than a run takes to
    /// get there on a loaded machine.
    static func mediaWasAsked(of server: MockAPIServer) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if try await server.admin.count("GET /media/{id}") > 0 { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// The episodes of the copies on this machine, as `downloads --json` lists them.
    static func copied(_ cli: CLIProcess) async throws -> [Int] {
        let listed = try await cli.run(["downloads", "--json"])
        let copies = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
        return try #require(copies, "\(listed)").compactMap { $0["episode"] as? Int }
    }

    @Test func theNextEpisodesAreFetchedAndTheFinishedRemovedWhateverDeviceFinishedThem() async throws {
        try await Self.synced { server, cli, _ in
            #expect(try await cli.run(["progress", "551", "--set", "1:00"]).status == 0)
            let dry = try await cli.run(["sync", "--dry-run"])
            #expect(
                dry.status == 0 && dry.stdout.hasPrefix("would fetch\t551\tBuilding the User Interface\t"), "\(dry)")
            #expect(try await Self.copied(cli).isEmpty, "a dry run writes nothing")
            let first = try await cli.run(["sync"])
            #expect(first.status == 0, "\(first)")
            #expect(
                first.stdout.split(separator: "\n").map { $0.split(separator: "\t").prefix(2).joined(separator: " ") }
                    == ["fetched 551", "fetched 553", "fetched 556"], "\(first.stdout)")
            #expect(try await Self.copied(cli) == [556, 553, 551])
            #expect(try await server.admin.count("media-credentials") == 0, "the media host got no credential")
            // Another device of the same account finishes 551.
            try await TemporaryDirectory.with { home async throws in
                let other = CLIProcess(in: home, baseURL: server.baseURL)
                #expect(try await other.signIn(password: DemoAccount.password).status == 0)
                #expect(try await other.run(["progress", "551", "--done"]).status == 0)
            }
            let second = try await cli.run(["sync", "--json"])
            #expect(second.status == 0, "\(second)")
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
            #expect(
                (report["removed"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [551], "\(second.stdout)")
            #expect(try await Self.copied(cli) == [556, 553])
            let status = try await cli.run(["status", "--offline"])
            #expect(status.stdout.contains("Last sync:   just now: 2 episodes ready"), "\(status.stdout)")
        }
    }

    @Test func aCopyTheViewerMadeIsRemovedOnlyWhenAsked() async throws {
        try await Self.synced { _, cli, _ in
            #expect(try await cli.run(["download", "553"]).status == 0)
            #expect(try await cli.run(["progress", "553", "--done"]).status == 0)
            let silent = try await cli.run(["sync"])
            #expect(silent.status == 0 && silent.stdout.isEmpty, "nothing to do: \(silent)")
            let kept = try await cli.run(["sync", "--dry-run"])
            #expect(kept.status == 0 && kept.stdout.contains("skipped\t553\t"), "\(kept)")
            #expect(kept.stdout.contains("--remove-finished removes it"))
            #expect(try await Self.copied(cli) == [553])
            let removed = try await cli.run(["sync", "--remove-finished"])
            #expect(removed.stdout.contains("removed\t553\t"), "\(removed)")
            #expect(try await Self.copied(cli).isEmpty)
        }
    }

    @Test func aServerThatCannotBeReachedRemovesNothingAndSaysSo() async throws {
        try await Self.synced { server, cli, _ in
            #expect(try await cli.run(["progress", "551", "--set", "60"]).status == 0)
            #expect(try await cli.run(["sync", "--episodes", "1"]).status == 0)
            #expect(try await cli.run(["progress", "551", "--done"]).status == 0)
            try await server.admin.inject(.drop(count: 1_000))
            let offline = try await cli.run(["sync"])
            #expect(offline.status == 69, "\(offline)")
            #expect(offline.stderr.contains("Nothing was removed or fetched."), "\(offline.stderr)")
            #expect(try await Self.copied(cli) == [551], "the finished copy stays until the server says so")
            let status = try await cli.run(["status", "--offline"])
            #expect(
                status.stdout.contains("Last sync:   just now: ") && status.stdout.contains("(exit 69); nothing was"),
                "\(status.stdout)")
        }
    }

    /// The first run holds the lock while its download trickles, one byte a second; the second
    /// says so and leaves; then the first is stopped (Ctrl-C), and lets the lock go.
    @Test func aSecondRunLeavesTheWorkToTheFirst() async throws {
        let trickle = [
            "--media-fault", #"{"file": "\#(Self.video551).wav", "kind": "trickle", "interval": 1, "count": 1}"#,
        ]
        try await Self.synced(trickle) { server, cli, _ in
            #expect(try await cli.run(["progress", "551", "--set", "60"]).status == 0)
            let second = Mutex<Result<ChildProcess.Outcome, any Error>?>(nil)
            let first = try await cli.run(["sync", "--episodes", "1"], timeout: .seconds(120)) { signal in
                // The first run holds the lock from before its first request until it ends.
                second.withLock { $0 = .failure(SyncTestError.noMediaRequest) }
                if try await Self.mediaWasAsked(of: server) {
                    let outcome: Result<ChildProcess.Outcome, any Error>
                    do { outcome = .success(try await cli.run(["sync", "--episodes", "1"])) } catch {
                        outcome = .failure(error)
                    }
                    second.withLock { $0 = outcome }
                }
                signal(SIGINT)
            }
            let said = try #require(try second.withLock { $0 }?.get(), "the first: \(first)")
            #expect(said.status == 0 && said.stdout.isEmpty, "\(said)")
            #expect(said.stderr.contains("another cocoacasts sync is running"), "\(said.stderr)")
            #expect(first.status == 130, "\(first)")
            let next = try await cli.run(["sync", "--episodes", "1"])
            #expect(next.status == 0 && next.stdout.contains("fetched\t551"), "the lock was let go: \(next)")
        }
    }

    /// A finished copy that `download` is writing in another process is left, and said.
    @Test func aCopyAnotherProcessIsWritingIsLeft() async throws {
        let trickle = [
            "--media-fault", #"{"file": "\#(Self.video551).wav", "kind": "trickle", "interval": 1, "count": 1}"#,
        ]
        try await Self.synced(trickle) { server, cli, _ in
            #expect(try await cli.run(["progress", "551", "--done"]).status == 0)
            let sync = Mutex<Result<ChildProcess.Outcome, any Error>?>(nil)
            let download = try await cli.run(["download", "551"], timeout: .seconds(120)) { signal in
                sync.withLock { $0 = .failure(SyncTestError.noMediaRequest) }
                if try await Self.mediaWasAsked(of: server) {
                    let outcome: Result<ChildProcess.Outcome, any Error>
                    do { outcome = .success(try await cli.run(["sync", "--remove-finished"])) } catch {
                        outcome = .failure(error)
                    }
                    sync.withLock { $0 = outcome }
                }
                signal(SIGINT)
            }
            let said = try #require(try sync.withLock { $0 }?.get(), "the download: \(download)")
            #expect(said.status == 0 && said.stdout.contains("skipped\t551\t"), "\(said)")
            #expect(said.stdout.contains("another command is writing its copy"), "\(said)")
            #expect(download.status == 130, "\(download)")
            #expect(try await Self.copied(cli) == [551], "what the download kept is there")
        }
    }

    @Test func aTimersRunWithNothingToDoSaysNothing() async throws {
        try await Self.synced { _, cli, _ in
            let nothing = try await cli.run(["sync"])
            #expect(nothing.status == 0 && nothing.stdout.isEmpty && nothing.stderr.isEmpty, "\(nothing)")
            #expect(try await cli.run(["sync", "--json"]).stdout.contains(#""fetched" : ["#))
            #expect(try await cli.run(["status", "--offline"]).stdout.contains("Last sync:   just now"))
            let status = try await cli.run(["status", "--offline", "--json"])
            let report = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            let last = try #require(report?["lastSync"] as? [String: Any], "\(status.stdout)")
            #expect(last["status"] as? Int == 0 && last["fetched"] as? Int == 0 && last["at"] is Double)
        }
    }

    @Test(arguments: [
        (["sync", "--episodes", "many"], "--episodes"), (["sync", "--max-size", "2X"], "--max-size"),
        (["sync", "--quality", "high"], "--quality"), (["sync", "551"], "551"),
    ])
    func aWrongOptionIsAUsageError(arguments: [String], words: String) async throws {
        try await TemporaryDirectory.with { directory in
            let run = try await CLIProcess(in: directory).run(arguments)
            #expect(run.status == 64 && run.stderr.contains(words), "\(run)")
        }
    }
}
