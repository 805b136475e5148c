import Foundation
import PortContracts
import Testing

/// Settings are resolved once, after the config file is read, and only those a command
/// uses are checked: a bad value elsewhere never fails a command that does not need it.
@Suite("Settings a command does not use, and where each value came from")
struct SettingsResolutionTests {
    @Test(arguments: [
        ["help"], ["--version"], ["config", "unset", "timeout"], ["config", "list"], ["cache", "clear"],
    ])
    func aBadTimeoutInTheEnvironmentFailsNoCommandThatDoesNotUseIt(arguments: [String]) async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory, environment: ["COCOACASTS_TIMEOUT": "abc"])
            let outcome = try await cli.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        }
    }

    @Test func aCommandThatUsesTheBadValueNamesWhereItCameFrom() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory, environment: ["COCOACASTS_TIMEOUT": "abc"])
            let outcome = try await cli.run(["episodes"])
            #expect(outcome.status == 64)
            #expect(outcome.stderr.contains("'abc' is not a valid COCOACASTS_TIMEOUT"))
        }
    }

    @Test func configListShowsAFlagAsTheSourceOfItsValue() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory, environment: ["COCOACASTS_TIMEOUT": "9"])
            let list = try await cli.run(["config", "list", "--timeout", "5"])
            #expect(list.status == 0)
            let line = list.stdout.split(separator: "\n").first { $0.hasPrefix("timeout ") }
            #expect(line.map { $0.contains(" 5 ") && $0.hasSuffix(" flag") } == true, "\(list.stdout)")
        }
    }
}
