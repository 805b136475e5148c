import Foundation
import PortContracts
import TestSupport
import Testing

/// Runs `cocoacasts` on a pseudo-terminal (python3's `pty`), as a person would.
@Suite("cocoacasts on a terminal: prompts without echo, a spinner while waiting")
struct TerminalSessionTests {
    /// Runs `cocoacasts arguments…` on an xterm in a home of `directory` (see
    /// ``CLIProcess/runOnTerminal(_:answers:columns:stderrToNull:timeout:)``), audited for secrets.
    static func runOnTerminal(
        _ arguments: [String], answers: [[String]], directory: TemporaryDirectory, baseURL: URL? = nil,
        environment extra: [String: String] = [:], columns: Int = 80, stderrToNull: Bool = false,
        timeout: Duration = .seconds(30)
    ) async throws -> ChildProcess.Outcome {
        let cli = CLIProcess(in: directory, baseURL: baseURL, environment: ["TERM": "xterm"].merging(extra) { $1 })
        return try await cli.runOnTerminal(
            arguments, answers: answers, columns: columns, stderrToNull: stderrToNull, timeout: timeout)
    }

    @Test func signInPromptsForBothAndNeverEchoesThePassword() async throws {
        try await TemporaryDirectory.with { directory in
            let session = try await Self.runOnTerminal(
                ["signin"], answers: [["E-mail: ", "demo@cocoacasts.com"], ["Password: ", "cocoacasts"]],
                directory: directory)
            #expect(session.status == 0, "\(session.stdout)")
            #expect(session.stdout.contains("E-mail: demo@cocoacasts.com"))
            #expect(session.stdout.contains("Password: "))
            #expect(!session.stdout.replacingOccurrences(of: "cocoacasts:", with: "").contains("Password: cocoacasts"))
            #expect(session.stdout.contains("Signed in as demo@cocoacasts.com"))
            let stored = try String(contentsOf: directory.file("config/cocoacasts/credentials.json"), encoding: .utf8)
            let tokens: [String] = stored.split(separator: "\"").map(String.init)
                .filter { $0.count == 32 && $0.allSatisfy(\.isHexDigit) }
            #expect(tokens.count == 2)
            let audit = SecretAudit(secrets: tokens + ["1772bb7bc78941e2b51c9c67d17ee76e"])
            audit.check(session.stdout)
        }
    }

    @Test func aSlowRequestShowsASpinnerThatIsClearedAfterwards() async throws {
        try await MockAPIServer.with(arguments: ["--fault", #"{"route": "*", "kind": "latency", "seconds": 1}"#]) {
            server async throws in
            try await TemporaryDirectory.with { directory in
                let session = try await Self.runOnTerminal(
                    ["episodes"], answers: [], directory: directory, baseURL: server.baseURL)
                #expect(session.status == 0)
                #expect(session.stdout.contains("⠋ Fetching episodes…"))
                #expect(session.stdout.contains("\u{1B}[2K"))
                #expect(session.stdout.contains("\u{1B}[1m"))  // the table's header is bold on a terminal
            }
        }
    }

    @Test func ctrlDAtAPromptSaysSoOnALineOfItsOwn() async throws {
        try await TemporaryDirectory.with { directory in
            let session = try await Self.runOnTerminal(
                ["signin"], answers: [["E-mail: ", "<Ctrl-D>"]], directory: directory)
            #expect(session.status == 64)
            #expect(
                session.stdout.hasSuffix(
                    "E-mail: \r\ncocoacasts: no e-mail address given (end of input); nothing was sent\r\n"))
            #expect(!session.stdout.contains("not a terminal"))
        }
    }

    /// While another process holds the token file's lock, `cocoacasts` waits without
    /// blocking a thread: its spinner (on the main actor) keeps turning until it gives up
    /// with the lock's message and 74, after the lock's bound — when a refresh needs the
    /// lock (`video`) and when `signin` checks, before asking anything, that the store can
    /// take the pair (it never asks for the password then). Were it never to give up,
    /// it would be killed after two minutes: the bound on the run is half of that.
    @Test(arguments: ["video", "signin"])
    func waitingForAHeldLockKeepsTheSpinnerTurningThenGivesUpWith74(command: String) async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                try await server.admin.expireAccessTokens()  // the next video needs a refresh, under the lock
                let lock = try await ProcessLock.hold(cli.store.path + ".lock")
                let clock = ContinuousClock()
                let start = clock.now
                let (arguments, answers, label) =
                    command == "video"
                    ? (["video", "632759499"], [[String]](), "Fetching the video…")
                    : (
                        ["signin", "--email", DemoAccount.email], [["Password: ", DemoAccount.password]],
                        "Checking the token store…"
                    )
                let session = try await Self.runOnTerminal(
                    arguments + ["--timeout", "1"], answers: answers, directory: directory, baseURL: server.baseURL,
                    timeout: .seconds(120))
                let elapsed = clock.now - start
                await lock.release()
                #expect(session.status == 74)
                // The message as the terminal shows it, broken into lines to fit.
                #expect(
                    session.stdout.replacingOccurrences(of: "\r\n", with: "").replacingOccurrences(of: " ", with: "")
                        .contains("Anotherprocessheldthelockon\(cli.store.path).lockformorethan6.0s."))
                // 80 ms a frame for about six seconds: far more than a blocked main thread could draw.
                let frames = session.stdout.components(separatedBy: label).count - 1
                #expect(frames > 20, "\(frames) spinner frames in \(elapsed)")
                #expect(elapsed >= .seconds(6) && elapsed < .seconds(60))
                #expect(!session.stdout.contains("Password:"), "asked for a password the store could not keep")
            }
        }
    }
}
