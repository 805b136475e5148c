import Foundation
import MPVPlayer
import PortContracts
import Ports
import Testing

/// The user's own mpv configuration reaches mpv, and what this layer gives mpv is the
/// options it needs and the URL, nothing else.
@Suite("MPVPlayer: the user's mpv configuration, and what mpv receives", .timeLimit(.minutes(3)))
struct MPVPlayerConfigurationTests {
    private static let patience: Duration = .seconds(60)
    private static let video = MockAPIContract.knownVideoID

    @Test func theUsersMpvConfIsHonoured() async throws {
        // `length=2` in mpv.conf: an 8-minute episode ends, as finished, after two seconds.
        try await MPVFixture.with(configuration: ["length=2"]) { mpv in
            try await MockAPIServer.with(arguments: ["--media"]) { server in
                let playback = try await mpv.player().play(server.mediaURL(videoID: Self.video), from: 0)
                let log = PlaybackLog(playback)
                #expect(await log.waitForTheEnd(upTo: Self.patience), "events: \(log.record.events)")
                #expect(log.record.ending == .finished)
                #expect(log.record.positions.allSatisfy { $0 <= 2 }, "positions: \(log.record.positions)")
            }
        }
    }

    @Test(
        "keep-open or idle in mpv.conf: the end of the file ends playback and mpv quits",
        arguments: [["keep-open=yes"], ["idle=yes"], ["keep-open=always", "idle=yes"]])
    func keepOpenOrIdle(configuration: [String]) async throws {
        try await MPVFixture.with(configuration: configuration) { mpv in
            try await MockAPIServer.with(arguments: ["--media", "--media-seconds", "2"]) { server in
                let playback = try await mpv.player().play(server.mediaURL(videoID: Self.video), from: 0)
                let pids = mpv.processes()  // mpv is connected by now; a 2-second file may end at any moment
                let log = PlaybackLog(playback)
                #expect(pids.count == 1)
                #expect(await log.waitForTheEnd(upTo: Self.patience), "events: \(log.record.events)")
                #expect(log.record.ending == .finished)
                #expect(!pids.contains(where: MPVFixture.exists), "mpv is still there, or was never reaped")
            }
        }
    }

    @Test func mpvGetsTheOptionsItNeedsAndNoSecretWhileTheURLGoesOverItsSocket() async throws {
        try await MPVFixture.with { mpv in
            try await MockAPIServer.with(arguments: ["--media"]) { server in
                let playback = try await mpv.player().play(server.mediaURL(videoID: Self.video), from: 7)
                let log = PlaybackLog(playback)
                _ = await log.wait(upTo: Self.patience) { !$0.positions.isEmpty || $0.ending != nil }
                let pid = try #require(mpv.processes().first)
                let arguments = mpv.commandLine(of: pid)
                let environment = mpv.environment(of: pid)
                let sockets = try FileManager.default.contentsOfDirectory(atPath: mpv.socketDirectory.path)
                let mode = try TemporaryDirectory.mode(of: mpv.socketDirectory)
                await playback.stop()

                #expect(arguments.count == 5, "\(arguments)")
                #expect(Array(arguments.dropFirst().prefix(1)) == ["--idle=once"])
                #expect(
                    arguments.dropFirst(2).first?.hasPrefix("--input-ipc-server=\(mpv.socketDirectory.path)/") == true)
                #expect(arguments.dropFirst(3).first == "--start=7")
                #expect(arguments.last == "--term-status-msg=${?pause==yes:paused }${time-pos} of ${duration}")
                #expect(!arguments.joined().contains("http"))
                #expect(!environment.contains { $0.hasPrefix("COCOACASTS_") || $0.contains(MPVFixture.secret) })
                #expect(environment.contains { $0.hasPrefix("XDG_CONFIG_HOME=") })
                #expect(sockets.count == 1 && mode == "700", "\(sockets), mode \(mode)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: mpv.socketDirectory.path).isEmpty)
                #expect(!MPVFixture.exists(pid))
            }
        }
    }

    @Test func theMediaRouteSawNoCredential() async throws {
        try await MPVFixture.with { mpv in
            try await MockAPIServer.with(arguments: ["--media", "--media-seconds", "2"]) { server in
                let playback = try await mpv.player().play(server.mediaURL(videoID: Self.video), from: 0)
                #expect(await PlaybackLog(playback).waitForTheEnd(upTo: Self.patience))
                let requests = try await server.admin.requests().filter { $0.path.hasPrefix("/media/") }
                #expect(!requests.isEmpty)
                #expect(
                    requests.allSatisfy { !$0.headers.contains("authorization") && !$0.headers.contains("x-api-token") }
                )
                #expect(try await server.admin.count(MockAPIRoute.mediaCredentials) == 0)
            }
        }
    }
}
