import Foundation
import TestSupport
import Testing

/// A second Ctrl-C ends `cocoacasts` at once; the player it started goes with it, even one
/// that ignores the SIGTERM the first signal sent it.
@Suite("watch: a second signal ends the player too")
struct WatchSecondSignalTests {
    /// Whether process `pid` still runs (a zombie, or no process, has ended).
    static func runs(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let state = stat.split(separator: ")").last?.split(separator: " ").first
        else { return false }
        return state != "Z"
    }

    @Test func aPlayerThatIgnoresSIGTERMDoesNotOutliveASecondCtrlC() async throws {
        try await MockAPIServer.with(arguments: ["--media"]) { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                let started = directory.file("player-pid")
                let player = directory.file("player.sh")
                // It ignores SIGINT and SIGTERM and would play for 120 s.
                let script = """
                    #!/bin/sh
                    trap '' INT TERM
                    echo $$ > '\(started.path).new'
                    mv '\(started.path).new' '\(started.path)'
                    exec sleep 120

                    """
                try await TemporaryDirectory.writeExecutable(script, to: player)
                let watched = try await cli.run(["watch", "556", "--player", player.path]) { send in
                    while !FileManager.default.fileExists(atPath: started.path) {
                        try await Task.sleep(for: .milliseconds(20))
                    }
                    send(SIGINT)
                    try await Task.sleep(for: .milliseconds(300))
                    send(SIGINT)
                }
                #expect(watched.status == 130, "\(watched)")
                let pid = try #require(
                    Int32(
                        try String(contentsOf: started, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                    ))
                // Killed at once; bounded at a twelfth of what it would otherwise play.
                let deadline = ContinuousClock.now + .seconds(10)
                while Self.runs(pid), ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(!Self.runs(pid), "the player \(pid) outlived the command")
                if Self.runs(pid) { kill(pid, SIGKILL) }
            }
        }
    }
}
