import Foundation
import PortContracts
import TestSupport
import Testing

/// A playback in a process of its own (`player-probe`): what it leaves behind, and what
/// waiting costs it.
@Suite("MPVPlayer: no descriptor or process left, little CPU while waiting", .timeLimit(.minutes(3)))
struct MPVPlayerResourceTests {
    /// What `player-probe` printed, line by line.
    private func probe(_ arguments: [String], environment: [String: String]) async throws -> [String] {
        let outcome = try await ChildProcess.run(
            BuiltProduct.url(named: "player-probe"), arguments, environment: environment, timeout: .seconds(120))
        #expect(!outcome.timedOut && outcome.status == 0, "\(outcome.stderr)")
        return outcome.stdout.split(separator: "\n").map(String.init)
    }

    @Test(
        "played to the end, or stopped: nothing is left open, no child remains, and waiting is cheap",
        arguments: [["--stop-after", "6"], []])
    func resources(stopping: [String]) async throws {
        try await MPVFixture.with { mpv in
            try await MockAPIServer.with(arguments: ["--media", "--media-seconds", "10"]) { server in
                let url = server.mediaURL(videoID: MockAPIContract.knownVideoID).absoluteString
                let lines = try await probe(["mpv", "0", url] + stopping, environment: mpv.environment)
                #expect(lines.contains(stopping.isEmpty ? "ended finished" : "ended stopped"), "\(lines)")
                // Played through, ten seconds give a position nearly every second; stopped after six
                // seconds on a busy machine, mpv may still have been opening the file for most of them.
                #expect(lines.filter { $0.hasPrefix("position ") }.count >= (stopping.isEmpty ? 4 : 1), "\(lines)")
                #expect(lines.contains("descriptors left open: 0 []"), "\(lines)")
                #expect(lines.contains("children 0"), "\(lines)")
                // About ten seconds of playback: the start-up and ten wake-ups cost a hundredth
                // of a second; a loop that polled or woke per frame would cost many times more.
                let cpu = try #require(lines.last { $0.hasPrefix("cpu-seconds ") }.flatMap { Double($0.dropFirst(12)) })
                #expect(cpu < 0.1, "CPU \(cpu) s")
                #expect(try FileManager.default.contentsOfDirectory(atPath: mpv.socketDirectory.path).isEmpty)
            }
        }
    }
}
