import Foundation
import MPVPlayer
import PortContracts
import Ports
import Testing

/// mpv dying, mpv missing, and a runtime directory that cannot be trusted.
@Suite("MPVPlayer: failures", .timeLimit(.minutes(3)))
struct MPVPlayerFailureTests {
    private static let patience: Duration = .seconds(60)

    @Test(
        "mpv ended from outside: SIGKILL is a failure, SIGTERM a stop",
        arguments: [(SIGKILL, PlaybackEnding.failed(reason: "killed by signal 9 (SIGKILL)")), (SIGTERM, .stopped)])
    func endedFromOutside(signal: Int32, ending: PlaybackEnding) async throws {
        try await MPVFixture.with { mpv in
            try await MockAPIServer.with(arguments: ["--media"]) { server in
                let playback = try await mpv.player().play(
                    server.mediaURL(videoID: MockAPIContract.knownVideoID), from: 0)
                let log = PlaybackLog(playback)
                #expect(await log.wait(upTo: Self.patience) { !$0.positions.isEmpty })
                let pid = try #require(mpv.processes().first)
                kill(pid, signal)
                #expect(await log.waitForTheEnd(upTo: Self.patience), "events: \(log.record.events)")
                #expect(log.record.ending == ending)
                #expect(try FileManager.default.contentsOfDirectory(atPath: mpv.socketDirectory.path).isEmpty)
                #expect(!MPVFixture.exists(pid))
            }
        }
    }

    @Test func aSocketPathTooLongForSunPathIsAClearError() async throws {
        try await TemporaryDirectory.with { directory in
            let runtime = directory.file(String(repeating: "r", count: 90))
            let player = MPVPlayer(
                executable: "/bin/false", environment: ["XDG_RUNTIME_DIR": runtime.path], terminal: .detached)
            let error = await #expect(throws: PlayerError.self) {
                try await player.play(URL(string: "http://x/")!, from: 0)
            }
            guard case .couldNotStart("mpv", let reason)? = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(reason.contains("at most 107") && reason.contains("XDG_RUNTIME_DIR or TMPDIR"), "\(reason)")
        }
    }

    @Test(
        "a socket directory others could use is refused",
        arguments: [("writable", "is writable by other users (mode 777)"), ("link", "is a symbolic link")])
    func untrustedSocketDirectory(kind: String, problem: String) async throws {
        try await TemporaryDirectory.with { directory in
            let socketDirectory = directory.file("cocoacasts")
            if kind == "link" {
                try FileManager.default.createSymbolicLink(at: socketDirectory, withDestinationURL: directory.url)
            } else {
                try FileManager.default.createDirectory(at: socketDirectory, withIntermediateDirectories: false)
                chmod(socketDirectory.path, 0o777)
            }
            let player = MPVPlayer(
                executable: "/bin/false", environment: ["XDG_RUNTIME_DIR": directory.url.path], terminal: .detached)
            let error = await #expect(throws: PlayerError.self) {
                try await player.play(URL(string: "http://x/")!, from: 0)
            }
            guard case .couldNotStart("mpv", let reason)? = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(reason.contains(socketDirectory.path) && reason.contains(problem), "\(reason)")
        }
    }

    @Test func anMpvThatEndsBeforeItsSocketOpensCouldNotStartAndTheDirectoryIsMadePrivate() async throws {
        try await TemporaryDirectory.with { directory in
            let fake = directory.file("mpv")
            try await TemporaryDirectory.writeExecutable("#!/bin/sh\necho 'no such option' >&2\nexit 1\n", to: fake)
            let runtime = directory.file("run")
            let player = MPVPlayer(
                executable: fake.path, environment: ["XDG_RUNTIME_DIR": runtime.path], terminal: .detached)
            let error = await #expect(throws: PlayerError.self) {
                try await player.play(URL(string: "http://x/")!, from: 0)
            }
            #expect(
                error
                    == .couldNotStart(
                        name: "mpv", reason: "it ended (exit status 1) before it opened its control socket"))
            #expect(try TemporaryDirectory.mode(of: runtime.appendingPathComponent("cocoacasts")) == "700")
        }
    }

    @Test func anMpvThatCannotBeRunSaysWhy() async throws {
        try await TemporaryDirectory.with { directory in
            let player = MPVPlayer(
                executable: "/nonexistent/mpv", environment: ["XDG_RUNTIME_DIR": directory.url.path],
                terminal: .detached)
            let error = await #expect(throws: PlayerError.self) {
                try await player.play(URL(string: "http://x/")!, from: 0)
            }
            #expect(error == .couldNotStart(name: "mpv", reason: "/nonexistent/mpv: No such file or directory"))
        }
    }

    @Test func locateFindsMpvOnPathOnly() throws {
        try TemporaryDirectoryOnDisk.with { directory in
            #expect(MPVPlayer.locate(environment: ["PATH": directory.path]) == nil)
            let fake = directory.appendingPathComponent("mpv")
            try "#!/bin/sh\n".write(to: fake, atomically: true, encoding: .utf8)
            chmod(fake.path, 0o755)
            #expect(MPVPlayer.locate(environment: ["PATH": "/nonexistent:" + directory.path])?.executable == fake.path)
        }
    }
}

/// A synchronous temporary directory, for tests that need no `await`.
private enum TemporaryDirectoryOnDisk {
    static func with(_ body: (URL) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cocoacasts-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        try body(url)
    }
}
