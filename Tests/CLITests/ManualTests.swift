import Foundation
import PortContracts
import TestSupport
import Testing

/// The manual page as `man` shows it: rendered by groff at 80 and at 60 columns.
@Suite("The manual page sets options apart, never hyphenates them and lists every file")
struct ManualTests {
    private static let groff = "/usr/bin/groff"

    /// `cocoacasts manual` rendered by groff as plain text `columns` wide, one entry a line.
    private static func rendered(columns: Int, in directory: TemporaryDirectory) async throws -> [String] {
        let page = try await CLIProcess(in: directory).run(["manual"]).stdout
        let render = try await ChildProcess.run(
            URL(fileURLWithPath: groff), ["-man", "-Tutf8", "-ww", "-P-cbou", "-rLL=\(columns)n"],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], stdin: page, timeout: .seconds(20))
        #expect(render.status == 0 && render.stderr.isEmpty, "\(render.stderr)")
        return render.stdout.components(separatedBy: "\n")
    }

    /// The lines under the heading `name`, without their indentation.
    private static func section(_ name: String, of page: [String]) -> [String] {
        page.drop { $0 != name }.dropFirst().prefix { $0.isEmpty || $0.hasPrefix(" ") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Every option of the help, with its value's name: `--email E`, `--json`.
    private static func options(in directory: TemporaryDirectory) async throws -> [String] {
        let cli = CLIProcess(in: directory)
        var help = try await cli.run([]).stdout
        for command in ["signin", "status", "episodes", "episode", "video", "progress", "config"] {
            help += try await cli.run(["help", command]).stdout
        }
        return Set(
            help.components(separatedBy: "\n").filter { $0.hasPrefix("  --") }.map { line in
                line.dropFirst(2).components(separatedBy: "  ")[0]
            }
        ).sorted()
    }

    @Test(arguments: [80, 60])
    func everyOptionIsAnItemWithItsDescriptionApart(columns: Int) async throws {
        guard FileManager.default.fileExists(atPath: Self.groff) else {
            try skip(because: "groff is not installed (CI installs it)")
            return
        }
        try await TemporaryDirectory.with { directory in
            let page = try await Self.rendered(columns: columns, in: directory)
            let hyphenated = page.filter { $0.hasSuffix("\u{2010}") }  // groff's hyphen at a break
            #expect(hyphenated.isEmpty, "no word is hyphenated at a line's end: \(hyphenated)")
            let lines = Self.section("COMMANDS", of: page) + Self.section("OPTIONS", of: page)
            let options = try await Self.options(in: directory)
            #expect(options.count >= 18, "\(options)")
            for option in options {
                let items = lines.filter { $0.hasPrefix(option) }
                #expect(!items.isEmpty, "\(option) opens a line")
                for item in items {
                    // The name ends the line, or two spaces or more set the description apart.
                    let rest = item.dropFirst(option.count)
                    #expect(rest.isEmpty || rest.hasPrefix("  "), "\(option) runs into its description: \(item)")
                }
            }
        }
    }

    @Test func filesListTheConfigTheTokensAndTheCache() async throws {
        guard FileManager.default.fileExists(atPath: Self.groff) else {
            try skip(because: "groff is not installed (CI installs it)")
            return
        }
        try await TemporaryDirectory.with { directory in
            let files = Self.section("FILES", of: try await Self.rendered(columns: 80, in: directory))
            for path in [
                "$XDG_CONFIG_HOME/cocoacasts/config.json", "$XDG_CONFIG_HOME/cocoacasts/credentials.json",
                "$XDG_CACHE_HOME/cocoacasts/",
            ] {
                #expect(files.contains(path), "\(path) in \(files)")
            }
        }
    }

    /// Every variable a message may suggest — each setting's, the player's among them — is in
    /// `--help` and the manual's ENVIRONMENT.
    @Test func everySettingsVariableIsInTheHelpAndTheManual() async throws {
        try await TemporaryDirectory.with { directory in
            let help = try await CLIProcess(in: directory).run(["--help"]).stdout
            let environment = Self.section("ENVIRONMENT", of: try await Self.rendered(columns: 80, in: directory))
            for variable in [
                "COCOACASTS_BASE_URL", "COCOACASTS_API_TOKEN", "COCOACASTS_TIMEOUT", "COCOACASTS_TRANSPORT",
                "COCOACASTS_CACERT", "COCOACASTS_TOKEN_STORE", "COCOACASTS_PLAYER", "COCOACASTS_STORE",
                "COCOACASTS_PASSWORD",
            ] {
                #expect(help.contains("\n  \(variable) "), "--help: \(variable)")
                #expect(environment.contains(variable), "the manual: \(variable)")
            }
        }
    }

    /// The timer's and the crontab's command lines, as the manual shows them, run as written
    /// (but dry): a line a viewer copies must work.
    @Test func theTimersCommandLinesRun() async throws {
        guard FileManager.default.fileExists(atPath: Self.groff) else {
            try skip(because: "groff is not installed (CI installs it)")
            return
        }
        try await TemporaryDirectory.with { directory in
            let timer = Self.section("SYNC ON A TIMER", of: try await Self.rendered(columns: 80, in: directory))
            #expect(timer.contains("OnUnitActiveSec=1h") && timer.contains("WantedBy=timers.target"), "\(timer)")
            let lines = timer.filter {
                $0.hasPrefix("ExecStart=%h/.local/bin/cocoacasts ") || $0.hasPrefix("10 * * * *")
            }
            #expect(lines.count == 2, "\(timer)")
            for line in lines {
                let arguments = line.components(separatedBy: " ").drop { !$0.hasSuffix("/cocoacasts") }.dropFirst()
                let run = try await CLIProcess(in: directory).run(Array(arguments) + ["--dry-run"])
                #expect(run.status == 77 && run.stderr.contains("signed in"), "\(line): \(run)")
            }
        }
    }
}
