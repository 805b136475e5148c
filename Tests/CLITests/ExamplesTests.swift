import Foundation
import PortContracts
import TestSupport
import Testing

/// Every example that help and the manual show, run as a user would paste it, against
/// the mock API built into `cocoacasts`.
@Suite("Every example in help and the manual works")
struct ExamplesTests {
    /// The API token the built-in mock accepts (the Cocoacasts series' token).
    private static let apiToken = "1772bb7bc78941e2b51c9c67d17ee76e"

    @Test func everyExampleOfHelpAndTheManualSucceeds() async throws {
        let examples = try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            var fromHelp: [String] = []
            for command in Self.commandNames(inHelp: try await cli.run([]).stdout) {
                fromHelp += Self.examples(inHelp: try await cli.run(["help", command]).stdout)
            }
            let fromManual = Self.manualExamples(try await cli.run(["manual"]).stdout)
            #expect(fromHelp.count >= 14)
            #expect(fromHelp == fromManual, "help and the manual show the same examples")
            return Array(Set(fromHelp + fromManual)).sorted()
        }
        for example in examples {
            let missing = Self.programs(in: example).filter {
                !FileManager.default.fileExists(atPath: "/usr/bin/\($0)")
            }
            guard missing.isEmpty else {
                print("skipped: \(example) needs \(missing.joined(separator: ", ")), not installed")
                continue
            }
            // The built-in mock serves its media on 127.0.0.1: watch plays it (two seconds of
            // it, in headless mpv) and download copies it, all from the one process.
            if example.hasPrefix("cocoacasts watch "), HeadlessMPV.executable == nil {
                print("skipped: \(example) needs mpv, not installed")
                continue
            }
            try await TemporaryDirectory.with { directory in
                let run = try await Self.run(example, in: directory)
                #expect(run.status == 0, "\(example): \(run.stderr)")
            }
        }
    }

    /// Runs `example` in bash (pipefail, so every command of a pipe must succeed) in the home of a
    /// private HOME (files it writes land there) where the demo account is signed in, episode
    /// 553 is started and the catalogue was saved by an earlier run. `pass` is a stand-in for the password manager that prints the demo
    /// password and the API token; the password "typed" at the prompt comes from
    /// COCOACASTS_PASSWORD; fish, run once, would have made its completions directory; mpv
    /// plays two seconds with no window and no sound (its mpv.conf).
    private static func run(_ example: String, in directory: TemporaryDirectory) async throws -> ChildProcess.Outcome {
        let home = directory.file("home")
        let tools = directory.file("tools")
        let runtime = directory.file("run")
        for folder in [
            home.appendingPathComponent(".config/fish/completions"), home.appendingPathComponent(".config/mpv"), tools,
            runtime,
        ] {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        try "vo=null\nao=null\nlength=2\n".write(
            to: home.appendingPathComponent(".config/mpv/mpv.conf"), atomically: true, encoding: .utf8)
        let pass = tools.appendingPathComponent("pass")
        try await TemporaryDirectory.writeExecutable(
            """
            #!/bin/sh
            case "$2" in cocoacasts) echo cocoacasts ;; cocoacasts-api) echo \(apiToken) ;; *) exit 1 ;; esac
            """, to: pass)
        let environment = [
            "PATH": [tools.path, CLIProcess.binary.deletingLastPathComponent().path, "/usr/bin", "/bin"]
                .joined(separator: ":"),
            "HOME": home.path, "LANG": "C.UTF-8", "TERM": "dumb", "COCOACASTS_PASSWORD": "cocoacasts",
            "XDG_RUNTIME_DIR": runtime.path,
        ]
        // An episode started, so that `continue` lists one and `watch` alone has one to play.
        let setup =
            "cocoacasts signin --email demo@cocoacasts.com --password-stdin <<< cocoacasts && cocoacasts episodes "
            + "&& cocoacasts progress 553 --set 100"
        let prepared = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), ["--norc", "-c", setup], environment: environment,
            timeout: .seconds(30))
        #expect(prepared.status == 0, "setup: \(prepared.stderr)")
        return try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), ["--norc", "-o", "pipefail", "-c", "cd \"$HOME\" && " + example],
            environment: environment, timeout: .seconds(30))
    }

    /// The commands listed under COMMANDS: in `cocoacasts`'s help.
    private static func commandNames(inHelp help: String) -> [String] {
        help.components(separatedBy: "\n").drop { $0 != "COMMANDS:" }.dropFirst().prefix { !$0.isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The command lines after `  $ ` in a command's help, each joined again where help
    /// broke it to fit (a line that ends in ` \` or `|` goes on on the next).
    private static func examples(inHelp help: String) -> [String] {
        var examples: [String] = []
        var continues = false
        for line in help.components(separatedBy: "\n") {
            if line.hasPrefix("  $ ") {
                examples.append(String(line.dropFirst(4)))
            } else if continues, let last = examples.popLast() {
                examples.append(last + " " + line.trimmingCharacters(in: .whitespaces))
            }
            continues = line.hasPrefix(" ") && (line.hasSuffix(" \\") || line.hasSuffix("|"))
            if line.hasSuffix(" \\"), let last = examples.popLast() { examples.append(String(last.dropLast(2))) }
        }
        return examples
    }

    /// The example command lines of the roff page: the bold lines under `.SH EXAMPLES`, unescaped.
    private static func manualExamples(_ page: String) -> [String] {
        page.components(separatedBy: "\n").drop { $0 != ".SH EXAMPLES" }.prefix {
            $0 == ".SH EXAMPLES" || !$0.hasPrefix(".SH")
        }
        .filter { $0.hasPrefix("\\fB") && $0.hasSuffix("\\fR") }
        .map {
            String($0.dropFirst(3).dropLast(3)).replacingOccurrences(of: "\\-", with: "-")
                .replacingOccurrences(of: "\\e", with: "\\").replacingOccurrences(of: "\\&", with: "")
        }
    }

    /// The programs other than `cocoacasts` that `example` runs: the first word of each
    /// command of a pipe, and the player `--player 'PROGRAM …'` names.
    private static func programs(in example: String) -> [String] {
        let player = example.components(separatedBy: "--player '").dropFirst().compactMap {
            $0.split(separator: " ").first.map { String($0.prefix { $0 != "'" }) }
        }
        return example.components(separatedBy: "|").compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "cocoacasts" && $0 != "source" && $0 != "pass" } + player
    }
}
