import Domain
import Foundation
import PortContracts
import Synchronization
import TestSupport
import Testing

/// `cocoacasts watch` with real, headless mpv against `Scripts/mock-api --media` over
/// loopback: where it starts, what it saves when a signal stops it, tokens renewed during
/// a long watch, positions kept when the server cannot take them, and the ways it fails.
@Suite("watch: real mpv, the mock API's media, the position saved")
struct WatchTests {
    /// Runs `body` with a CLI signed in to a `--media` server (more `arguments` added), whose
    /// mpv is headless through the mpv.conf of the CLI's own XDG_CONFIG_HOME.
    static func watching(
        _ arguments: [String] = [], _ body: (MockAPIServer, CLIProcess, TemporaryDirectory) async throws -> Void
    ) async throws {
        guard HeadlessMPV.executable != nil else {
            try skip(because: HeadlessMPV.installHint)
            return
        }
        try await MockAPIServer.with(arguments: ["--media"] + arguments) { server async throws in
            try await TemporaryDirectory.with { directory in
                let runtime = directory.file("run")
                try FileManager.default.createDirectory(
                    at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                let mpv = directory.file("config/mpv")
                try FileManager.default.createDirectory(at: mpv, withIntermediateDirectories: true)
                try "vo=null\nao=null\n".write(
                    to: mpv.appendingPathComponent("mpv.conf"), atomically: true, encoding: .utf8)
                let cli = CLIProcess(
                    in: directory, baseURL: server.baseURL, environment: ["XDG_RUNTIME_DIR": runtime.path])
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                try await body(server, cli, directory)
            }
        }
    }

    /// The cursor the server holds for video 632759499 (episode 556), read by the CLI.
    static func savedCursor(_ cli: CLIProcess) async throws -> Int? {
        let read = try await cli.run(["progress", "632759499", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any]
        return json?["cursor"] as? Int
    }

    /// Waits until mpv asked the server for the media: playback is starting.
    static func untilTheMediaIsRequested(_ server: MockAPIServer) async throws {
        while try await server.admin.count(MockAPIRoute.media) == 0 {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test(arguments: [(SIGINT, 130), (SIGTERM, 143)] as [(Int32, Int32)])
    func aSignalStopsThePlayerAndSavesWhereTheViewerWas(signal: Int32, status: Int32) async throws {
        try await Self.watching { server, cli, _ in
            #expect(try await cli.run(["progress", "556", "--set", "20"]).status == 0)
            let signalled = Mutex<Duration>(.zero)
            let started = ContinuousClock.now
            let watched = try await cli.run(["watch", "556"], timeout: .seconds(60)) { send in
                try await Self.untilTheMediaIsRequested(server)
                let asked = ContinuousClock.now
                try await Task.sleep(for: .seconds(4))
                signalled.withLock { $0 = ContinuousClock.now - asked }
                send(signal)
            }
            let ran = started.duration(to: .now)
            #expect(watched.status == status, "\(watched)")
            #expect(watched.stderr.contains("opening video 632759499 (8:33) in mpv at 0:20"))
            // About 4 s from 0:20 (23–26). A busy machine may sleep longer, see the media's request
            // late, start mpv late and stop it late, so the bounds are what was measured: at
            // least from the request seen to the signal (less mpv's start and its reports each
            // second), at most the whole run.
            let least = Int(signalled.withLock { $0 }.components.seconds) - 2
            let most = Int(ran.components.seconds) + 2
            let saved = try #require(try await Self.savedCursor(cli))
            #expect(
                (20 + least...20 + most).contains(saved),
                "saved \(saved), signalled \(least + 2) s after the media's request, the run took \(most - 2) s")
            #expect(watched.stdout.contains("Saved at 0:\(saved)."))
            #expect(try await server.admin.count(MockAPIRoute.mediaCredentials) == 0, "no credential reached the media")
            #expect(try await server.admin.count(MockAPIRoute.media) >= 1)
        }
    }

    /// Played by real mpv to the end of the media from 13 s before it: the server holds the
    /// whole length, so `progress` says finished and the next watch starts over.
    @Test func anEpisodePlayedToItsEndIsFinishedOnTheServer() async throws {
        try await Self.watching { _, cli, _ in
            #expect(try await cli.run(["progress", "556", "--set", "8:20"]).status == 0)
            let watched = try await cli.run(["watch", "556"], timeout: .seconds(90))
            #expect(watched.status == 0, "\(watched)")
            #expect(try await Self.savedCursor(cli) == 513)
            #expect(try await cli.run(["progress", "556"]).stdout == "Video 632759499: finished (8:33).\n")
        }
    }

    /// A 2 s access token over a 6 s watch: the final save renews it once through the usual
    /// refresh, and no refresh token is presented twice.
    @Test func aTokenThatExpiresWhileWatchingIsRenewedForTheSave() async throws {
        try await Self.watching(["--access-ttl", "2"]) { server, cli, _ in
            let watched = try await cli.run(["watch", "556", "--from-start"], timeout: .seconds(60)) { send in
                try await Self.untilTheMediaIsRequested(server)
                try await Task.sleep(for: .seconds(6))
                send(SIGINT)
            }
            #expect(watched.status == 130, "\(watched)")
            #expect(try await server.admin.count(MockAPIRoute.refresh) >= 1)
            #expect(try await server.admin.count("refresh-reuse") == 0)
            #expect(try await server.admin.count(MockAPIRoute.updateProgress) >= 1)
            let saved = try #require(try await Self.savedCursor(cli))
            #expect(saved >= 4, "the final save was accepted: \(saved)")
        }
    }

    /// The server refuses every save while the viewer watches: the position is kept on this
    /// machine, listed by status, shown by progress, and sent by the next command.
    @Test func aPositionTheServerCannotTakeIsKeptAndSentByTheNextCommand() async throws {
        try await Self.watching { server, cli, directory in
            try await server.admin.inject(.status(503, route: MockAPIRoute.updateProgress, count: -1))
            let started = ContinuousClock.now
            let watched = try await cli.run(["watch", "556", "--from-start"], timeout: .seconds(60)) { send in
                try await Self.untilTheMediaIsRequested(server)
                try await Task.sleep(for: .seconds(3))
                send(SIGINT)
            }
            // At most the whole run: a loaded machine may send the signal, and stop mpv, late.
            let most = Int(started.duration(to: .now).components.seconds) + 2
            #expect(watched.status == 130, "\(watched)")
            let kept = try #require(
                WatchSecondSignalTests.lastPosition(
                    matching: #"(\d+):(\d\d) is kept on this machine until the server takes it"#, in: watched.stdout),
                "\(watched.stdout)")
            #expect((1...most).contains(kept), "kept \(kept), the run took \(most - 2) s")
            let pending = directory.file("config/cocoacasts/kept-positions.json")
            let mode = try FileManager.default.attributesOfItem(atPath: pending.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let time = VideoDuration.format(seconds: kept)
            let status = try await cli.run(["status"])
            #expect(
                status.stdout.contains("Not saved:   1 position kept on this machine: video 632759499 at \(time) ("))
            let shown = try await cli.run(["progress", "556"])
            #expect(shown.stdout.contains("Not yet saved: \(time),"))
            try await server.admin.clearFaults()
            let episodes = try await cli.run(["episodes", "--limit", "1"])
            #expect(episodes.status == 0)
            #expect(episodes.stderr.contains("cocoacasts: saved the position \(time) of video 632759499"))
            #expect(try await Self.savedCursor(cli) == kept)
            #expect(try await cli.run(["status"]).stdout.contains("Not saved") == false)
        }
    }

    /// A player that dies (mpv killed) saves the last position it reported and ends with the
    /// player's cause.
    @Test func aPlayerThatDiesSavesItsLastPositionAndSaysWhy() async throws {
        try await Self.watching { server, cli, directory in
            let started = ContinuousClock.now
            let watched = try await cli.run(["watch", "556", "--from-start"], timeout: .seconds(60)) { _ in
                try await Self.untilTheMediaIsRequested(server)
                try await Task.sleep(for: .seconds(3))
                // mpv's command line names its socket, in this test's own runtime directory.
                // (The watch may end, and this closure be cancelled, before pkill is reaped.)
                _ = try await ChildProcess.run(
                    URL(fileURLWithPath: "/usr/bin/pkill"),
                    ["-KILL", "-f", "input-ipc-server=\(directory.file("run").path)"])
            }
            #expect(watched.status == 1, "\(watched)")
            #expect(watched.stderr.contains("mpv failed: killed by signal 9 (SIGKILL)"))
            // mpv cannot have played longer than the watch ran (a loaded machine may see the
            // media's request late and take seconds to start pkill, while mpv plays on).
            let seconds = Int(started.duration(to: .now).components.seconds)
            let saved = try #require(try await Self.savedCursor(cli))
            #expect((1...seconds + 2).contains(saved), "saved \(saved), the watch ran \(seconds) s")
        }
    }

    @Test func noPlayerNamesMpvAndThePlayerOption() async throws {
        try await TemporaryDirectory.with { directory in
            let empty = directory.file("empty-path")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            let cli = CLIProcess(in: directory, environment: ["PATH": empty.path])
            #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
            let watched = try await cli.run(["watch", "556"])
            #expect(watched.status == 69)
            #expect(watched.stderr.contains("No player was found: install mpv"))
            #expect(watched.stderr.contains("--player CMD"))
        }
    }

    /// A stream that cannot be reached (the built-in mock's lead off the machine; here a
    /// closed port on loopback) ends the watch by itself with mpv's words.
    @Test func aStreamThatIsRefusedEndsWithThePlayersCause() async throws {
        try await Self.watching(["--media-origin", "http://127.0.0.1:9"]) { _, cli, _ in
            let watched = try await cli.run(["watch", "556"], timeout: .seconds(60))
            #expect(watched.status == 1, "\(watched)")
            #expect(watched.stderr.contains("cocoacasts: mpv failed: "))
        }
    }

    /// A stream whose server never answers ends within the request timeout (`--timeout`, as
    /// mpv's network timeout), not mpv's own minute: the run is bounded at half of that.
    @Test func aStreamThatNeverAnswersEndsWithinTheTimeout() async throws {
        try await LoopbackPort.with(.silent) { silent in
            try await Self.watching(["--media-origin", "http://127.0.0.1:\(silent.port)"]) { _, cli, _ in
                let watched = try await cli.run(["watch", "556", "--timeout", "3"], timeout: .seconds(30))
                #expect(!watched.timedOut && watched.status == 1, "\(watched)")
                #expect(watched.stderr.contains("cocoacasts: mpv failed: "))
            }
        }
    }

    /// Any command plays the URL, its last argument; it cannot say where playback is, and
    /// the CLI says so once.
    @Test func anyCommandGetsTheURLAndNothingIsSaved() async throws {
        try await MockAPIServer.with(arguments: ["--media"]) { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                let record = directory.file("played")
                let player = directory.file("player.sh")
                try await TemporaryDirectory.writeExecutable(
                    "#!/bin/sh\nprintf %s \"$*\" > '\(record.path)'\n", to: player)
                let watched = try await cli.run(["watch", "556", "--player", player.path])
                #expect(watched.status == 0, "\(watched)")
                #expect(
                    try String(contentsOf: record, encoding: .utf8)
                        == server.mediaURL(videoID: "632759499").absoluteString)
                let said = (watched.stdout + watched.stderr).components(separatedBy: "does not say where playback is")
                #expect(said.count == 2, "said once: \(watched)")
                #expect(try await server.admin.count(MockAPIRoute.updateProgress) == 0)
            }
        }
    }
}
