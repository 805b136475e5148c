import Foundation
import PortContracts
import TestSupport
import Testing

/// A viewer on a train: watched online, downloaded, then the server gone — `watch EPISODE` and
/// `watch` alone start the copy where the viewer stopped, and say which position that is, in a
/// home that never ran `continue` too. Real mpv on a pseudo-terminal, the server killed.
@Suite("watch offline: the copy starts at the newest position known, and says which")
struct OfflineWatchTests {
    /// Watches on a terminal until mpv shows `seconds` played after `start`, then Ctrl-C.
    static func watch(
        _ arguments: [String], from start: String = "0:00", seconds: Int = 3, _ cli: CLIProcess
    ) async throws -> ChildProcess.Outcome {
        let parts = start.split(separator: ":").compactMap { Int($0) }
        let until = (parts.first ?? 0) * 60 + (parts.last ?? 0) + seconds
        let mark = String(format: "00:%02d:%02d of", until / 60, until % 60)
        return try await PseudoTerminal.run(
            [CLIProcess.binary.path] + arguments, environment: cli.processEnvironment,
            signals: .init(after: mark, delay: 0.2, names: ["SIGINT"], delivery: .typed), timeout: .seconds(90))
    }

    /// What a run showed, its terminal's escapes gone and its lines joined as one text.
    static func said(_ run: ChildProcess.Outcome) -> String {
        run.stdout.replacingOccurrences(
            of: "\u{1B}\\[[0-9;?]*[A-Za-z]|\u{1B}[=>]", with: "", options: .regularExpression
        )
        .replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: " ")
    }

    /// The position `watched` says it stopped at: `Stopped video … at 0:03 of 6:32.`
    static func stoppedAt(_ watched: ChildProcess.Outcome) -> String? {
        guard let line = watched.stdout.range(of: "Stopped video "),
            let at = watched.stdout[line.upperBound...].range(of: " at ")
        else { return nil }
        return String(watched.stdout[at.upperBound...].prefix { $0 != " " })
    }

    @Test func watchAloneContinuesTheCopyWhereTheViewerStoppedInAHomeThatNeverRanContinue() async throws {
        try await WatchTests.watching { server, cli, _ in
            let online = try await Self.watch(["watch", "553"], cli)
            let stopped = try #require(Self.stoppedAt(online), "\(online.stdout.suffix(600))")
            #expect(stopped != "0:00", "mpv played some seconds")
            #expect(try await cli.run(["download", "553"]).status == 0)
            await server.stop()  // the server gone, not only its connections

            let alone = try await Self.watch(["watch"], from: stopped, cli)
            let aloneSaid = Self.said(alone)
            #expect(aloneSaid.contains("continuing episode 553"), "\(aloneSaid)")
            #expect(aloneSaid.contains("the copy starts at \(stopped), where you stopped here"), "\(aloneSaid)")
            #expect(aloneSaid.contains("in mpv at \(stopped);"), "\(aloneSaid)")
            #expect(aloneSaid.contains("is kept on this machine until the server takes it"), "\(aloneSaid)")

            let later = try #require(Self.stoppedAt(alone))
            let named = Self.said(try await Self.watch(["watch", "553"], from: later, cli))
            #expect(
                named.contains("the copy starts at \(later), where you stopped here just now, not yet sent"),
                "the position kept by the offline watch: \(named)")
            #expect(named.contains("in mpv at \(later);"), "\(named)")
        }
    }
}
