import Foundation
import PortContracts
import TestSupport
import Testing

/// Every ```console block of the README, run as a person would type it — its commands in
/// order, in one shell, on an 80-column terminal, in a home of its own, with the mock
/// server started where the block starts it — and compared with the block (see
/// ``ConsoleSession`` for what may differ).
@Suite("The README's console sessions are what a real run shows")
struct READMESessionTests {
    static let readme = Fixtures.repositoryRoot.appendingPathComponent("README.md")

    @Test func everyConsoleBlockOfTheREADMEIsWhatARealRunShows() async throws {
        let sessions = ConsoleSession.sessions(inMarkdown: try String(contentsOf: Self.readme, encoding: .utf8))
        #expect(sessions.count >= 2, "the README shows a session with the built-in mock and one with a server")
        for session in sessions {
            if session.commands.contains(where: { $0.contains("cocoacasts watch") }), HeadlessMPV.executable == nil {
                print("skipped a session that watches: \(HeadlessMPV.installHint)")
                continue
            }
            let transcript = try await Self.run(session)
            let shown = session.isShown(by: transcript)
            #expect(
                shown,
                """
                the README shows:
                \(session.lines.joined(separator: "\n"))
                a real run shows:
                \(transcript.map(ConsoleSession.normalised).joined(separator: "\n"))
                """)
        }
    }

    /// The walkthrough the README once showed: a refresh that begins with a fresh
    /// saved catalogue, where a real run names its transport and asks the server.
    @Test func aWalkthroughARealRunDoesNotShowFails() async throws {
        let old = ConsoleSession(lines: [
            "$ Scripts/mock-api --port 8080 --access-ttl 5 &",
            "listening on http://127.0.0.1:8080/api/v1",
            "$ export COCOACASTS_BASE_URL=http://127.0.0.1:8080/api/v1",
            "$ printf 'cocoacasts\\n' | cocoacasts signin --email demo@cocoacasts.com --password-stdin",
            "✓ Signed in as demo@cocoacasts.com. Server: http://127.0.0.1:8080/api/v1.",
            "$ sleep 6; cocoacasts video 556 --verbose",
            "* cache: fresh (saved 7 s ago); nothing sent",
            "> GET http://127.0.0.1:8080/api/v1/videos/632759499",
            "…",
            "Video 632759499",
            "  Duration: 8:33",
            "  …",
        ])
        let transcript = try await Self.run(old)
        #expect(transcript.contains { $0.hasPrefix("Video 632759499") }, "the run itself works: \(transcript)")
        let shown = old.isShown(by: transcript)
        #expect(!shown, "a fresh saved catalogue, where a real run says which transport and store it uses")
    }

    @Test func anElisionStandsForAnyLinesAndANormalisedLineForItsRuns() {
        let block = ConsoleSession(lines: ["$ run", "first …", "…", "< HTTP 200 (1 ms)", "saved 7 s ago"])
        let shown = ["$ run", "first of many", "second", "third", "< HTTP 200 (23 ms)", "saved 12 s ago"]
        #expect(block.isShown(by: shown))
        #expect(block.isShown(by: ["$ run", "first one", "< HTTP 200 (0 ms)", "saved 1 minute ago"]))
        #expect(!block.isShown(by: ["$ run", "first of many", "< HTTP 401 Unauthorized (1 ms)", "saved 7 s ago"]))
        #expect(!block.isShown(by: ["$ run", "the first", "< HTTP 200 (1 ms)", "saved 7 s ago"]))
        #expect(!block.isShown(by: shown + ["one line more"]))
    }

    /// The article's first steps are lines of The First Program, which READMEProgramTests
    /// compiles and runs, so the article cannot show code that no longer builds.
    @Test func theGettingStartedStepsAreLinesOfTheFirstProgram() throws {
        let article = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent(
                "Modules/Adapters/CocoacastsAPI/CocoacastsAPI.docc/GettingStarted.md"), encoding: .utf8)
        let first = try String(contentsOf: READMEProgramTests.firstProgram, encoding: .utf8)
        let program = Set(try READMEProgramTests.twoSwiftBlocks(in: first).1.split(separator: "\n").map(Self.code))
        for step in ["### Compose the client", "### Sign in and keep the session"] {
            let section = try #require(article.range(of: step), "the article has no step \(step)")
            let block = try #require(READMEProgramTests.swiftBlocks(in: String(article[section.upperBound...])).first)
            for line in block.split(separator: "\n").map(Self.code) where !line.isEmpty {
                let compiled = program.contains(line)
                #expect(compiled, "\(step): The First Program has no line \(line)")
            }
        }
    }

    /// A line of Swift without its indentation and its trailing comment.
    private static func code(_ line: Substring) -> String {
        let code = line.components(separatedBy: "  // ").first ?? String(line)
        return code.trimmingCharacters(in: .whitespaces)
    }

    /// Runs `session`'s commands in one bash on a terminal and returns what the terminal
    /// showed: each command after `$ `, then its output.
    static func run(_ session: ConsoleSession) async throws -> [String] {
        try await TemporaryDirectory.with { directory in
            var servers: [MockAPIServer] = []
            do {
                var script = "cd \(quoted(Fixtures.repositoryRoot.path))\n"
                var ports: [(shown: String, real: String)] = []
                for command in session.commands {
                    script += "status=$?; printf '%s\\n' \(quoted("$ " + command)); (exit $status)\n"
                    if let server = ConsoleSession.mockServer(startedBy: command) {
                        servers.append(try await MockAPIServer.start(arguments: server.arguments))
                        ports.append((":\(server.port)", ":\(servers[servers.count - 1].port)"))
                        script += "printf '%s\\n' \(quoted("listening on \(servers[servers.count - 1].baseURL)"))\n"
                    } else {
                        // The server is this test's child, not the shell's job: `kill %1` stops it by its ID.
                        let stopping = servers.first.map {
                            command.replacingOccurrences(of: "kill %1", with: "kill \($0.processID)")
                        }
                        script +=
                            ports.reduce(stopping ?? command) { $0.replacingOccurrences(of: $1.shown, with: $1.real) }
                            + "\n"
                    }
                }
                let shown = try await onTerminal(script, in: directory)
                for server in servers { await server.stop() }
                return shown
            } catch {
                for server in servers { await server.stop() }
                throw error
            }
        }
    }

    /// `text` in single quotes for bash.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

extension READMESessionTests {
    /// What the terminal showed while `script` ran in a home of its own under `directory`,
    /// line by line; no line may hold the API token or a token the session stored.
    static func onTerminal(_ script: String, in directory: TemporaryDirectory) async throws -> [String] {
        let home = directory.file("home")
        // mpv, where a session watches, plays headless: no display, no sound card.
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent(".config/mpv"), withIntermediateDirectories: true)
        try "vo=null\nao=null\n".write(
            to: home.appendingPathComponent(".config/mpv/mpv.conf"), atomically: true, encoding: .utf8)
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config", "XDG_CACHE_HOME": home.path + "/.cache",
            "PATH": CLIProcess.binary.deletingLastPathComponent().path + ":/usr/bin:/bin", "LANG": "C.UTF-8",
            "TERM": "dumb",
        ]
        // The demo password at each `Password: ` prompt: more answers than any session asks.
        let run = try await PseudoTerminal.run(
            ["/bin/bash", "--norc", "--noprofile", "-c", script], environment: environment,
            answers: Array(repeating: ["Password: ", DemoAccount.password], count: 20), timeout: .seconds(120))
        #expect(!run.timedOut, "the session did not end within 120 s: \(run.stdout)")
        let file = home.appendingPathComponent(".config/cocoacasts/credentials.json")  // gone after a sign-out
        let stored =
            FileManager.default.fileExists(atPath: file.path) ? try String(contentsOf: file, encoding: .utf8) : ""
        let tokens = stored.split(separator: "\"").map(String.init).filter {
            $0.count == 32 && $0.allSatisfy(\.isHexDigit)
        }
        SecretAudit(secrets: tokens + ["1772bb7bc78941e2b51c9c67d17ee76e"]).check(run.stdout)
        var lines = run.stdout.replacingOccurrences(of: "\r", with: "").components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
