import Foundation
import PortContracts
import TestSupport
import Testing

/// mpv's own status line, as `watch` runs it on a terminal: one line that fits the terminal
/// with its last column free, 30 columns wide too (mpv's default for a video, `AV: 00:00:01 / 00:00:04 (25%) A-V: 0.000` and
/// more, wrapped at 50).
@Suite("watch: mpv's status line fits the terminal")
struct MPVStatusLineTests {
    @Test(arguments: [30, 50, 120])
    func theStatusLineFits(columns: Int) async throws {
        try await WatchTests.watching(["hls", "--media-seconds", "4"]) { _, cli, _ in
            let run = try await PseudoTerminal.run(
                [CLIProcess.binary.path, "watch", "556"], environment: cli.processEnvironment, columns: columns,
                timeout: .seconds(90))
            #expect(run.status == 0, "\(run)")
            // Each redraw of the status line starts after a carriage return; escapes take no column.
            let drawn = run.stdout.replacingOccurrences(
                of: "\u{1B}\\[[0-9;?]*[A-Za-z]|\u{1B}[=>]", with: "", options: .regularExpression)
            let statuses = drawn.split(whereSeparator: { $0 == "\r" || $0 == "\n" }).filter {
                $0.contains(" of 00:") || $0.contains(" / 00:")
            }
            #expect(!statuses.isEmpty, "mpv drew no status line: \(drawn.suffix(400))")
            let widest = statuses.map(\.count).max() ?? 0
            // Its last column free: a line that fills the width wraps where a terminal wraps there.
            #expect(widest < columns, "a status line \(widest) columns wide: \(statuses.last ?? "")")
        }
    }
}
