import Foundation
import PortContracts
import TestSupport
import Testing

/// A command's playback in a process of its own (`player-probe`): nothing is left behind.
@Suite("CommandPlayer: no descriptor or process left", .timeLimit(.minutes(2)))
struct CommandPlayerResourceTests {
    @Test(
        "ended by itself, failed or stopped: nothing is left open and no child remains",
        arguments: [
            ("exit 0", [], "ended finished"), ("echo why >&2; exit 2", [], "ended failed: exit status 2: why"),
            ("exec sleep 300", ["--stop-after", "1"], "ended stopped"),
        ])
    func resources(script: String, options: [String], ending: String) async throws {
        try await TemporaryDirectory.with { directory in
            let player = directory.file("play")
            try await TemporaryDirectory.writeExecutable("#!/bin/sh\n" + script + "\n", to: player)
            let outcome = try await ChildProcess.run(
                BuiltProduct.url(named: "player-probe"),
                ["command", player.path, "http://127.0.0.1:9/a.wav"] + options,
                timeout: .seconds(60))
            let lines = outcome.stdout.split(separator: "\n").map(String.init)
            #expect(!outcome.timedOut && outcome.status == 0, "\(outcome.stderr)")
            #expect(lines.contains(ending), "\(lines)")
            #expect(lines.contains("descriptors left open: 0 []"), "\(lines)")
            #expect(lines.contains("children 0"), "\(lines)")
        }
    }
}
