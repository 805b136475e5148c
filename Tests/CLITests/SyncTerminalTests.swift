import Foundation
import PortContracts
import Subprocesses
import TerminalUI
import TestSupport
import Testing

/// `sync` on a pseudo-terminal: the download's line (title cut first, `[n/N]`, percent, sizes,
/// an averaged rate, the time left) fits 30, 50 and 120 columns and follows a resize; the
/// report fits too, and the terminal's modes end as they began.
@Suite("sync on a terminal: a progress line people know")
struct SyncTerminalTests {
    /// A media host that is not the mock: python's http.server sending every `/media/{id}.wav`,
    /// 600 kB, at 200 kB a second, so that a download lasts three seconds.
    static let slowMedia = #"""
        import http.server, sys, time
        class Slow(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "audio/wav")
                self.send_header("Content-Length", "600000")
                self.end_headers()
                for _ in range(30):
                    self.wfile.write(bytes(20000))
                    self.wfile.flush()
                    time.sleep(0.1)
            def log_message(self, *arguments):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Slow)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    /// Runs `body` with the slow media host's origin; stops it after.
    static func withSlowMedia(_ body: (String) async throws -> Void) async throws {
        let process = try SpawnedProcess("/usr/bin/env", ["python3", "-c", slowMedia], stdout: .pipe)
        defer { Task { await process.killGroup() } }
        guard let output = process.subprocess.standardOutput,
            let port = await PipeTraffic.firstLine(of: output, until: .now + .seconds(30))
        else { throw SyncTerminalError.mediaHostDidNotStart }
        try await body("http://127.0.0.1:\(port.trimmingCharacters(in: .whitespacesAndNewlines))")
        await process.killGroup()
    }

    /// Runs `body` with a CLI signed in to a mock whose media the slow host serves, episode 551
    /// started (at 1:00), so that `sync` wants it and those after it.
    static func with551Started(_ body: (CLIProcess) async throws -> Void) async throws {
        try await withSlowMedia { origin in
            try await MockAPIServer.with(arguments: ["--media", "--media-origin", origin]) { server async throws in
                try await TemporaryDirectory.with { directory in
                    let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                    #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                    #expect(try await cli.run(["progress", "551", "--set", "60"]).status == 0)
                    try await body(cli)
                }
            }
        }
    }

    enum SyncTerminalError: Error {
        case mediaHostDidNotStart
    }

    /// Each line the terminal was drawn with, escapes removed: a redraw after `\r` is a line of its own.
    static func drawn(_ shown: String) -> [String] {
        shown.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r\n", with: "\n")
            .split(whereSeparator: { $0 == "\r" || $0 == "\n" }).map(String.init).filter { !$0.isEmpty }
    }

    @Test(arguments: [30, 50, 120])
    func theLineFitsAndSaysWhatPeopleLookFor(columns: Int) async throws {
        try await Self.with551Started { cli in
            let run = try await cli.runOnTerminal(
                ["sync", "--episodes", "2"], columns: columns, timeout: .seconds(90))
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.contains("modes: same"), "\(run.stderr)")
            let lines = Self.drawn(run.stdout)
            let progress = lines.filter { $0.hasPrefix("[1/2]") || $0.hasPrefix("[2/2]") }
            #expect(progress.contains { $0.contains("%") }, "\(lines)")
            #expect(progress.allSatisfy { CellWidth.of($0) < columns }, "\(progress)")
            #expect(
                lines.allSatisfy { CellWidth.of($0) <= columns },
                "\(lines.filter { CellWidth.of($0) > columns })")
            #expect(!progress.contains { $0.contains(" 0 B/s") }, "no rate until there is one: \(progress)")
            if columns == 120 {
                #expect(progress.contains { $0.hasPrefix("[1/2]  Building the User Interface  ") })
                #expect(progress.contains { $0.hasPrefix("[2/2]  Adopting the Model-View-ViewModel") })
                #expect(
                    progress.contains { $0.contains("/600.0 kB  ") && $0.hasSuffix(" left") }, "\(progress)")
            }
            // The report's sizes are those the line counted to (on a narrow terminal, wrapped).
            let report = lines.drop { !$0.hasPrefix("fetched") }.joined(separator: " ")
                .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            #expect(report.contains("“Building the User Interface” the file, 600.0 kB"), "\(report)")
            if columns == 120 {
                #expect(
                    lines.contains("fetched  551  “Building the User Interface”  the file, 600.0 kB"),
                    "\(lines)")
            }
        }
    }

    @Test func theLineFollowsAResize() async throws {
        try await Self.with551Started { cli in
            let run = try await cli.runOnTerminal(
                ["sync", "--episodes", "1"], answers: [[" left", "<columns>36"]], columns: 120,
                timeout: .seconds(90))
            #expect(run.status == 0, "\(run)")
            let progress = Self.drawn(run.stdout).filter { $0.hasPrefix("[1/1]") }
            let resized = progress.drop { CellWidth.of($0) >= 36 }
            #expect(!resized.isEmpty && resized.allSatisfy { CellWidth.of($0) < 36 }, "\(progress)")
        }
    }

    /// Ctrl-C once stops after what is under way is kept, and says how to go on; sent twice to
    /// the group (as `timeout` and a closing terminal do), it ends at once with the same words.
    /// Either way the lock is let go: the next run goes on.
    @Test(arguments: [(PseudoTerminal.Delivery.typed, 1), (.group, 2)])
    func stoppedItSaysHowToGoOnAndLetsTheLockGo(delivery: PseudoTerminal.Delivery, signals: Int) async throws {
        try await Self.with551Started { cli in
            let run = try await PseudoTerminal.run(
                [CLIProcess.binary.path, "sync", "--episodes", "2"], environment: cli.processEnvironment,
                signals: .init(
                    after: "[1/2]", delay: 0.3, names: Array(repeating: "SIGINT", count: signals), gap: 0.1,
                    delivery: delivery),
                timeout: .seconds(90))
            #expect(run.status == 130, "\(run)")
            #expect(run.stderr.contains("modes: same"), "\(run.stderr)")
            #expect(
                UpNextMenuTests.text(run).contains("run `cocoacasts sync` to go on"),
                "\(UpNextMenuTests.text(run))")
            let again = try await cli.run(["sync", "--episodes", "2"])
            #expect(again.status == 0 && again.stdout.contains("fetched\t553"), "\(again)")
        }
    }
}
