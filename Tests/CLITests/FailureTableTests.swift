import Domain
import Foundation
import PortContracts
import Presentation
import TerminalUI
import Testing

@testable import cocoacasts

#if canImport(Glibc)
    import Glibc
#endif

/// The table of causes, messages and exit statuses in the CLI's catalog (the article
/// "Failures and exit statuses") is made from the CLI's own code (and ``FailureMatrixTests``
/// checks the same messages against real servers), so it cannot drift: this test fails when
/// the article's copy differs, and `RECORD_FAILURE_TABLE=1 swift test --filter FailureTableTests`
/// writes the new table.
@MainActor
@Suite("The documented failure table is the CLI's own")
struct FailureTableTests {
    /// One cause: what a person would call it, a command that meets it, and the failure it makes there.
    struct Row {
        let cause: String
        let command: String
        let failure: ScreenFailure
        let context: APIErrorMapper.Context
        /// What the command asked for, when the message names it.
        var request: FailureText.Request?

        init(
            _ cause: String, _ command: String, _ error: APIError, _ context: APIErrorMapper.Context,
            request: FailureText.Request? = nil
        ) {
            self.init(cause, command, failure: .api(error), context)
            self.request = request
        }

        init(_ cause: String, _ command: String, failure: ScreenFailure, _ context: APIErrorMapper.Context) {
            self.cause = cause
            self.command = command
            self.failure = failure
            self.context = context
        }
    }

    static let store = "~/.config/cocoacasts/credentials.json"

    static let rows: [Row] = [
        Row(
            "wrong e-mail or password (401 from sign-in, `WWW-Authenticate` or not)", "signin",
            .unauthorized(.status(401, reason: "Unauthorized")), .signIn),
        Row("not signed in", "video 556", .unauthorized(.notSignedIn), .video),
        Row("the server refused the saved session", "video 556", .unauthorized(.sessionEnded), .video),
        Row(
            "401 on a protected request after a refresh", "progress 632759499",
            .unauthorized(.status(401, reason: "Unauthorized")), .progress),
        Row(
            "API token refused (403)", "episodes --api-token wrong",
            .failedRequest(.status(403, reason: "Invalid API token")), .episodes),
        Row(
            "unknown video (404)", "video 999", .failedRequest(.status(404, reason: "Not Found")), .video,
            request: .init(address: "http://127.0.0.1:8080/api/v1/videos/999", subject: "video 999")),
        Row("server error (5xx)", "episodes", .failedRequest(.status(503, reason: "down for maintenance")), .episodes),
        Row(
            "answer that is not the API's JSON", "episodes", .invalidResponse(.undecodable("it is not valid JSON")),
            .episodes),
        Row("answer over the size limit", "episodes", .invalidResponse(.tooLarge(limit: 10 << 20)), .episodes),
        Row(
            "redirect refused (to plain http, to another origin, or turning a change into a GET)",
            "progress 1 --set 5",
            .failedRequest(
                .redirectRefused(to: "http://api.example.com/x", reason: "it leads from https to plain http")),
            .progressUpdate),
        Row(
            "connection refused", "episodes",
            .unreachable(.cannotConnect(host: "127.0.0.1", port: 9, detail: "Couldn't connect to server")), .episodes),
        Row("host not found", "episodes", .unreachable(.hostNotFound("api.example.test")), .episodes),
        Row("connection lost", "episodes", .unreachable(.connectionLost(host: "127.0.0.1", port: 8080)), .episodes),
        Row("timed out", "episodes --timeout 1", .unreachable(.timedOut(seconds: 1)), .episodes),
        Row(
            "TLS certificate not trusted", "episodes",
            .unknown(.untrustedCertificate("SSL certificate problem: self-signed certificate")), .episodes),
        Row(
            "token file locked by another process", "video 556",
            .unknown(.store(.lockTimeout(path: store + ".lock", seconds: 35))), .video),
        Row(
            "token file corrupt", "video 556",
            .unknown(.store(.corrupt(path: store, detail: "not a credentials document"))), .video),
        Row(
            "token file readable by others", "video 556",
            .unknown(.store(.insecurePermissions(path: store, mode: "644"))), .video),
        Row(
            "token file cannot be written", "signin",
            failure: .store(.io(path: store, detail: "Read-only file system")),
            .signIn),
    ]

    /// The article that shows the table.
    static let article = Fixtures.repositoryRoot.appendingPathComponent(
        "Apps/CLI/cocoacasts.docc/FailuresAndExitStatuses.md")

    /// A row's screen is its command's: the table cannot promise a sentence the CLI does not say.
    @Test func everyRowsContextIsItsCommands() {
        for row in Self.rows {
            let words = row.command.split(separator: " ")
            let expected: APIErrorMapper.Context? =
                switch words.first {
                case "signin", "login": .signIn
                case "episodes", "episode": .episodes
                case "video", "watch": .video
                case "progress": words.contains("--set") || words.contains("--delete") ? .progressUpdate : .progress
                default: nil
                }
            #expect(expected == nil || row.context == expected, "\(row.command): \(row.context)")
        }
    }

    /// The table as the article shows it: standard error's first line (what happened, and the
    /// next step), then the rest (the screen's sentence), each in a column of its own.
    static func table() async -> String {
        var lines = [
            "| cause | command | what happened, and what to do | the screen's sentence | exit |",
            "|---|---|---|---|---|",
        ]
        for row in rows {
            let text = FailureText(row.failure, context: row.context, request: row.request)
            lines.append(line(row.cause, row.command, text.lines, ExitCode(row.failure)))
        }
        let usage = await InProcessCLI().run(["episodes", "--jsn"])
        lines.append(line("wrong usage", "episodes --jsn", messages(usage.stderr), usage.status))
        let full = await InProcessCLI().run(["episodes"], on: RecordingConsole(failingOutput: ENOSPC))
        lines.append(line("output cannot be written", "episodes > /dev/full", messages(full.stderr), full.status))
        let closed = await InProcessCLI().run(["episodes"], on: RecordingConsole(failingOutput: EPIPE))
        lines.append(line("output pipe closed", "episodes | head -c 1", messages(closed.stderr), closed.status))
        return lines.joined(separator: "\n")
    }

    private static func line(_ cause: String, _ command: String, _ messages: [String], _ status: ExitCode) -> String {
        let first = messages.first ?? "(nothing)"
        let rest = messages.dropFirst().isEmpty ? "—" : messages.dropFirst().joined(separator: " ")
        let cells = [cause, "`cocoacasts \(command)`", first, rest, "\(status.rawValue)"]
        return "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
    }

    /// The lines of `stderr` without the program's prefix and the built-in mock's notice.
    private static func messages(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map { String($0.dropFirst("cocoacasts: ".count)) }
            .filter { !$0.hasPrefix("answering from the mock API built into cocoacasts") }
    }

    @Test func theArticleShowsTheTableTheCLIMakes() async throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let begin = "<!-- failure-table: made by FailureTableTests -->\n"
        let end = "<!-- /failure-table -->"
        let start = try #require(text.range(of: begin), "the article has no failure table")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        let expected = await Self.table() + "\n"
        let recording = ProcessInfo.processInfo.environment["RECORD_FAILURE_TABLE"] == "1"
        if recording {
            try text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: expected)
                .write(to: Self.article, atomically: true, encoding: .utf8)
        }
        #expect(
            recording || String(text[start.upperBound..<stop.lowerBound]) == expected,
            "the failure table is out of date: RECORD_FAILURE_TABLE=1 swift test --filter FailureTableTests")
    }

    @Test func aClosedPipeEndsQuietlyAndAFullDiskSaysSo() async {
        let closed = await InProcessCLI().run(["episodes"], on: RecordingConsole(failingOutput: EPIPE))
        #expect(closed.status == .outputClosed && Self.messages(closed.stderr).isEmpty)
        let full = await InProcessCLI().run(["episodes"], on: RecordingConsole(failingOutput: ENOSPC))
        #expect(full.status == .localState)
        #expect(Self.messages(full.stderr) == ["the output could not be written: No space left on device."])
    }
}
