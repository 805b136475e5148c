import CommandPlayer
import Foundation
import PortContracts
import Ports
import Testing

/// The command player against shell-script players: what they receive, how their exit
/// statuses read, and how they are stopped.
@Suite("CommandPlayer: any command as a player", .timeLimit(.minutes(2)))
struct CommandPlayerTests {
    private static let patience: Duration = .seconds(60)
    private static let url = URL(string: "http://127.0.0.1:8080/media/632759499.wav")!

    /// Runs `body` with an executable script `play` holding `script` in a fresh directory,
    /// and an environment whose PATH finds it and which carries the CLI's secrets.
    private func withPlayer(
        _ script: String, _ body: (TemporaryDirectory, [String: String]) async throws -> Void
    ) async throws {
        try await TemporaryDirectory.with { directory in
            try await TemporaryDirectory.writeExecutable("#!/bin/sh\n" + script, to: directory.file("play"))
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = directory.url.path + ":/usr/bin:/bin"
            environment["COCOACASTS_API_TOKEN"] = "api-token-secret"
            environment["COCOACASTS_PASSWORD"] = "password-secret"
            try await body(directory, environment)
        }
    }

    private func ending(of playback: any Playback) async -> PlaybackEnding? {
        let log = PlaybackLog(playback)
        _ = await log.waitForTheEnd(upTo: Self.patience)
        #expect(log.record.positions.isEmpty)
        return log.record.ending
    }

    @Test func theURLIsTheLastArgumentAndNothingSecretIsPassed() async throws {
        let script = #"""
            for a in "$@"; do echo "$a"; done > "$0.args"; env > "$0.env"
            ls /proc/$$/fd | while read f; do echo "$f $(readlink /proc/$$/fd/$f)"; done > "$0.fds"
            """#
        try await withPlayer(script + "\n") { directory, environment in
            let player = try CommandPlayer(command: "play --flag 'two words'", environment: environment)
            #expect(!player.reportsPositions)
            #expect(player.name == "play")
            #expect(await ending(of: try await player.play(Self.url, from: 42)) == .finished)
            let arguments = try String(contentsOf: directory.file("play.args"), encoding: .utf8)
            #expect(arguments == "--flag\ntwo words\n\(Self.url.absoluteString)\n")
            let received = try String(contentsOf: directory.file("play.env"), encoding: .utf8)
            #expect(!received.contains("COCOACASTS_") && !received.contains("secret"))
            #expect(received.contains("PATH="))
            // Standard input and output are /dev/null; beyond the three, only the shell's script.
            let descriptors = try String(contentsOf: directory.file("play.fds"), encoding: .utf8).split(separator: "\n")
            let others = descriptors.filter { line in
                !["0 ", "1 ", "2 "].contains { line.hasPrefix($0) } && !line.hasSuffix("/play")
            }
            #expect(descriptors.prefix(2) == ["0 /dev/null", "1 /dev/null"] && others.isEmpty, "\(descriptors)")
        }
    }

    @Test(
        "the exit status is the ending",
        arguments: [
            ("exit 0", PlaybackEnding.finished),
            (
                "echo 'first' >&2; echo 'vlc: unknown option --nope' >&2; exit 3",
                .failed(reason: "exit status 3: vlc: unknown option --nope")
            ),
            ("exit 1", .failed(reason: "exit status 1")),
            ("printf 'bad \\033[31mred\\033[0m\\n\\n' >&2; exit 2", .failed(reason: "exit status 2: bad  [31mred [0m")),
            ("kill -USR1 $$", .failed(reason: "killed by signal 10")),
            ("kill -KILL $$", .failed(reason: "killed by signal 9 (SIGKILL)")),
            ("kill -TERM $$", .stopped), ("kill -INT $$", .stopped), ("kill -HUP $$", .stopped),
        ])
    func exitStatus(script: String, expected: PlaybackEnding) async throws {
        try await withPlayer(script + "\n") { _, environment in
            let player = try CommandPlayer(program: "play", environment: environment)
            #expect(await ending(of: try await player.play(Self.url, from: 0)) == expected)
        }
    }

    @Test func stopEndsTheCommandAndWhatItStarted() async throws {
        try await withPlayer("sleep 300 &\necho $! > \"$0.child\"\nwait\n") { directory, environment in
            let playback = try await CommandPlayer(program: "play", environment: environment).play(Self.url, from: 0)
            let log = PlaybackLog(playback)
            let child = try await Self.pid(in: directory.file("play.child"))
            await playback.stop()
            #expect(await log.waitForTheEnd(upTo: Self.patience))
            #expect(log.record.events == [.ended(.stopped)])
            #expect(try await Self.gone(child), "the player's own child outlived the stop")
            await playback.stop()  // a second stop does nothing
        }
    }

    @Test func aCommandThatIgnoresSIGTERMIsKilledAfterTheGrace() async throws {
        try await withPlayer("trap '' TERM\necho started > \"$0.started\"\nsleep 300\n") { directory, environment in
            let player = try CommandPlayer(program: "play", environment: environment, grace: .seconds(1))
            let playback = try await player.play(Self.url, from: 0)
            let log = PlaybackLog(playback)
            _ = try await Self.pid(in: directory.file("play.started"))
            await playback.stop()
            #expect(await log.waitForTheEnd(upTo: Self.patience))
            #expect(log.record.ending == .stopped)
        }
    }

    @Test func aMissingProgramOrAShellCommandIsAClearError() {
        #expect(throws: PlayerError.notFound(name: "no-such-player")) {
            try CommandPlayer(command: "no-such-player --x", environment: ["PATH": "/usr/bin:/bin"])
        }
        let error = #expect(throws: PlayerError.self) {
            try CommandPlayer(command: "vlc $URL; rm -rf ~", environment: ["PATH": "/usr/bin:/bin"])
        }
        guard case .couldNotStart("vlc $URL; rm -rf ~", let reason)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("the player command $ is shell syntax"), "\(reason)")
    }

    static func pid(in file: URL) async throws -> String {
        for _ in 0..<600 {
            // Until the script has written it, there is no file to read.
            if let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("\n") {
                return text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CancellationError()
    }

    /// Whether process `pid` is gone within 30 s (init reaps an orphan in its own time).
    static func gone(_ pid: String) async throws -> Bool {
        for _ in 0..<600 {
            if let number = pid_t(pid), kill(number, 0) != 0, errno == ESRCH { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
