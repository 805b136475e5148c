import Foundation
import PortContracts
import Testing

/// A second Ctrl-C ends `cocoacasts` at once; the player it started goes with it, even one
/// that ignores the SIGTERM the first signal sent it, and the last position is kept on this
/// machine first. Signals come doubled: Ctrl-C typed twice (the terminal signals its
/// foreground group, mpv included), or sent to the group as `timeout` does, or to the process alone.
@Suite("watch: a second signal ends the player too, and keeps the position")
struct WatchSecondSignalTests {
    /// How many doubled group signals in a row `theDoubledGroupSignalKeepsThePositionRunAfterRun` sends
    /// (`COCOACASTS_SIGNAL_RUNS`; the closing figure was taken with 50).
    static let runsInARow = ProcessInfo.processInfo.environment["COCOACASTS_SIGNAL_RUNS"].flatMap(Int.init) ?? 3

    /// `watch 556` from 0:20 on a terminal, sent `names` by `delivery` two seconds into playback;
    /// checks the status (128 + a signal sent: the second's when its last words ended the run,
    /// the first's when the stop it began had saved and ended it first), the terminal's modes,
    /// the line said, and that the next command sends the position kept (or finds it saved) —
    /// a position the playback reached.
    static func watchSignalled(_ names: [String], by delivery: PseudoTerminal.Delivery, gap: Double = 0) async throws {
        try await WatchTests.watching { server, cli, _ in
            #expect(try await cli.run(["progress", "556", "--set", "20"]).status == 0)
            let started = ContinuousClock.now
            let run = try await PseudoTerminal.run(
                [CLIProcess.binary.path, "watch", "556"], environment: cli.processEnvironment,
                signals: .init(after: "00:00:2", delay: 2, names: names, gap: gap, delivery: delivery),
                timeout: .seconds(60))
            let ran = Int(started.duration(to: .now).components.seconds)
            let statuses = try names.map { try #require(Self.numbers[$0]) + 128 }
            #expect(statuses.contains(run.status), "\(run.status): \(run.stdout.suffix(600))")
            #expect(run.stderr.contains("modes: same"), "the terminal's modes changed: \(run.stderr)")
            let kept = Self.lastPosition(matching: #"(\d+):(\d\d) is kept on this machine"#, in: run.stdout)
            let saved = Self.lastPosition(matching: #"[Ss]aved at (\d+):(\d\d)\."#, in: run.stdout)
            #expect(kept != nil || saved != nil, "no line says where the position is: \(run.stdout.suffix(600))")
            let next = try #require(try await WatchTests.savedCursor(cli))
            #expect(next == kept ?? saved, "the server holds \(next); the run said \(run.stdout.suffix(300))")
            // From where it started (a loaded machine may signal before mpv reports a later second)
            // to where the run's length could have taken it.
            #expect((20...20 + ran + 2).contains(next), "a position the run reached (\(ran) s): \(next)")
            #expect(try await server.admin.count(MockAPIRoute.media) >= 1)
        }
    }

    /// The seconds of the last `m:ss` that `pattern` (whose two groups are minutes and seconds) finds in `text`.
    static func lastPosition(matching pattern: String, in text: String) -> Int? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).last,
            let minutes = Range(match.range(at: 1), in: text).flatMap({ Int(text[$0]) }),
            let seconds = Range(match.range(at: 2), in: text).flatMap({ Int(text[$0]) })
        else { return nil }
        return minutes * 60 + seconds
    }

    static let numbers: [String: Int32] = ["SIGINT": SIGINT, "SIGTERM": SIGTERM, "SIGHUP": SIGHUP]

    @Test(arguments: [
        (["SIGINT", "SIGINT"], PseudoTerminal.Delivery.typed), (["SIGINT", "SIGINT"], .group),
        (["SIGTERM", "SIGTERM"], .group), (["SIGHUP", "SIGHUP"], .group), (["SIGINT", "SIGINT"], .process),
        (["SIGTERM", "SIGINT"], .process),
    ])
    func aDoubledSignalKeepsThePositionAndTheTerminalsModes(names: [String], delivery: PseudoTerminal.Delivery)
        async throws
    {
        try await Self.watchSignalled(names, by: delivery, gap: delivery == .typed ? 0.2 : 0)
    }

    @Test func theDoubledGroupSignalKeepsThePositionRunAfterRun() async throws {
        for _ in 0..<Self.runsInARow {
            try await Self.watchSignalled(["SIGINT", "SIGINT"], by: .group)
        }
    }

    /// Whether process `pid` still runs (a zombie, or no process, has ended).
    static func runs(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let state = stat.split(separator: ")").last?.split(separator: " ").first
        else { return false }
        return state != "Z"
    }

    /// Waits until `file` exists; throws after 60 s, far longer than a busy machine takes.
    static func until(_ file: URL) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !FileManager.default.fileExists(atPath: file.path) {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func aPlayerThatIgnoresSIGTERMDoesNotOutliveASecondCtrlC() async throws {
        try await MockAPIServer.with(arguments: ["--media"]) { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                let started = directory.file("player-pid")
                let player = directory.file("player.sh")
                let askedToStop = directory.file("player.sh.asked-to-stop")
                // It ignores SIGINT, notes SIGTERM (the first Ctrl-C's stop) and plays on, for ever.
                let script = """
                    #!/bin/sh
                    trap '' INT
                    trap 'touch "$0.asked-to-stop"' TERM
                    echo $$ > '\(started.path).new'
                    mv '\(started.path).new' '\(started.path)'
                    while :; do sleep 1; done

                    """
                try await TemporaryDirectory.writeExecutable(script, to: player)
                let watched = try await cli.run(["watch", "556", "--player", player.path]) { send in
                    try await Self.until(started)
                    send(SIGINT)
                    // The second once the first has asked the player to stop: two that arrive
                    // before the first is handled merge into one.
                    try await Self.until(askedToStop)
                    send(SIGINT)
                }
                #expect(watched.status == 130, "\(watched)")
                let pid = try #require(
                    Int32(
                        try String(contentsOf: started, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                    ))
                // Killed at once; bounded at 10 s, where it would otherwise play for ever.
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
