import Foundation
import PortContracts
import TestSupport
import Testing

/// Finding one's way: help, aliases, the completion scripts' syntax, the manual page.
@Suite("Help, aliases, completions and the manual, as a new user meets them")
struct DiscoveryTests {
    @Test func cocoacastsAloneAndHelpPrintHelpAndSucceed() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            for arguments in [[], ["help"], ["--help"]] {
                let run = try await cli.run(arguments)
                #expect(run.status == 0 && run.stdout.contains("USAGE: cocoacasts [options] <command>"), "\(arguments)")
            }
            let video = try await cli.run(["help", "video"])
            #expect(video.status == 0 && video.stdout.contains("EXAMPLES:\n  $ cocoacasts video 556"))
            let typo = try await cli.run(["help", "episods"])
            #expect(typo.status == 64 && typo.stderr.contains("Did you mean 'episodes'?"))
        }
    }

    @Test func loginAndLogoutAreAliasesAndOptionsMayComeFirst() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            let login = try await cli.run(
                ["login", "--email", DemoAccount.email, "--password-stdin"], stdin: "cocoacasts\n")
            #expect(login.status == 0 && login.stdout.contains("Signed in as demo@cocoacasts.com"))
            let json = try await cli.run(["--json", "episodes"])
            #expect(json.status == 0 && json.stdout.hasPrefix("["))
            #expect(try await cli.run(["logout"]).status == 0)
            #expect(try await cli.run(["status"]).status == 77)
            let missing = try await cli.run(["progress"])
            #expect(
                missing.status == 64
                    && missing.stderr.contains("missing <id or words>\nusage: cocoacasts progress "))
        }
    }

    @Test(arguments: ["zsh", "fish"])
    func otherShellsParseTheirScripts(shell: String) async throws {
        guard let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first(where: FileManager.default.fileExists) else {
            try skip(because: "\(shell) is not installed (CI installs it)")
            return
        }
        try await TemporaryDirectory.with { directory in
            let script = try await CLIProcess(in: directory).run(["completion", shell]).stdout
            let file = directory.file("completion.\(shell)")
            try script.write(to: file, atomically: true, encoding: .utf8)
            let check = try await ChildProcess.run(
                URL(fileURLWithPath: path), ["-n", file.path], timeout: .seconds(10))
            #expect(check.status == 0, "\(check.stderr)")
        }
    }

    @Test func theManualRendersWithEveryCommandAndExitStatus() async throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/groff") else {
            try skip(because: "groff is not installed (CI installs it)")
            return
        }
        try await TemporaryDirectory.with { directory in
            let page = try await CLIProcess(in: directory).run(["manual"]).stdout
            let render = try await ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/groff"), ["-man", "-Tutf8", "-ww", "-P-cbou", "-rLL=100n"],
                environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], stdin: page, timeout: .seconds(20))
            #expect(render.status == 0 && render.stderr.isEmpty, "\(render.stderr)")
            let text = render.stdout
            for heading in [
                "NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES",
            ] {
                #expect(text.contains("\n" + heading + "\n"), "\(heading)")
            }
            for command in ["signin", "status", "episodes", "progress", "config", "completion", "manual"] {
                #expect(text.contains("cocoacasts " + command), "\(command)")
            }
            #expect(text.contains("--color") && text.contains("COCOACASTS_TIMEOUT") && text.contains("143"))
        }
    }
}
