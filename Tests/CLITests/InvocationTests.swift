import Foundation
import Testing

@testable import cocoacasts

@Suite("Commands and settings from the command line and the environment")
struct InvocationTests {
    @Test(arguments: [
        (
            ["signin", "--email", "a@b.co", "--password-stdin"],
            Invocation.Command.signIn(email: "a@b.co", passwordFromStdin: true)
        ),
        (["signout"], .signOut),
        (["status", "--json"], .status(json: true)),
        (["episodes"], .episodes(json: false)),
        (["episode", "556", "--json"], .episode(id: 556, json: true)),
        (["video", "632759499"], .video(reference: "632759499", json: false)),
        (["progress", "7"], .progress(videoID: "7", action: .show, json: false)),
        (["progress", "7", "--set", "124"], .progress(videoID: "7", action: .set(seconds: 124), json: false)),
        (["progress", "7", "--delete", "--json"], .progress(videoID: "7", action: .delete, json: true)),
        (["--help"], .help(command: nil)),
        (["video", "--help"], .help(command: "video")),
        (["--version"], .version),
    ])
    func everyCommandParses(arguments: [String], command: Invocation.Command) throws {
        #expect(try Invocation.parse(arguments, environment: [:]).command == command)
    }

    @Test(arguments: [
        (["episode", "abc"], UsageError.invalidValue("episode id", value: "abc", expected: "a number")),
        (["episode"], .missingArgument("<id>")),
        (["episodes", "extra"], .unexpectedArgument("extra")),
        (["progress", "7", "--set", "-1"], .invalidValue("--set", value: "-1", expected: "whole seconds, 0 or more")),
        (["progress", "7", "--set", "1", "--delete"], .conflictingOptions("--set", "--delete")),
        (["signin", "--password", "hunter2"], .passwordOnCommandLine),
        (["signin", "--password=hunter2"], .passwordOnCommandLine),
        ([], .missingCommand),
        (
            ["episodes", "--timeout", "0"],
            .invalidValue("--timeout", value: "0", expected: "seconds, more than 0 and at most 3600")
        ),
        (
            ["episodes", "--base-url", "not a url"],
            .invalidValue(
                "base URL", value: "not a url", expected: "a URL such as http://127.0.0.1:8080/api/v1")
        ),
    ])
    func badCommandLinesAreUsageErrors(arguments: [String], error: UsageError) {
        #expect(throws: error) { try Invocation.parse(arguments, environment: [:]) }
    }

    @Test func flagsWinOverTheEnvironmentAndTheEnvironmentOverDefaults() throws {
        let environment = [
            "COCOACASTS_BASE_URL": "http://127.0.0.1:1/api/v1", "COCOACASTS_API_TOKEN": "env-token",
            "COCOACASTS_STORE": "/env/store.json",
        ]
        let fromEnvironment = try Invocation.parse(["episodes"], environment: environment).settings
        #expect(fromEnvironment.baseURL?.absoluteString == "http://127.0.0.1:1/api/v1")
        #expect(fromEnvironment.apiToken == "env-token" && fromEnvironment.storePath == "/env/store.json")
        let flags = [
            "episodes", "--base-url", "http://127.0.0.1:2/api/v1", "--api-token", "flag-token", "--store", "/f.json",
        ]
        let fromFlags = try Invocation.parse(flags, environment: environment).settings
        #expect(fromFlags.baseURL?.absoluteString == "http://127.0.0.1:2/api/v1")
        #expect(fromFlags.apiToken == "flag-token" && fromFlags.storePath == "/f.json")
        let defaults = try Invocation.parse(["episodes"], environment: [:]).settings
        #expect(
            defaults.baseURL == nil && defaults.apiToken == nil && defaults.storePath == nil && defaults.timeout == 30)
    }

    @Test func helpListsEveryCommandOptionVariableAndExitStatus() {
        let help = Help.general
        for command in Grammar.commands { #expect(help.contains("  \(command.name) ")) }
        for option in Grammar.globalOptions { #expect(help.contains(option.name)) }
        for variable in ["COCOACASTS_BASE_URL", "COCOACASTS_API_TOKEN", "COCOACASTS_STORE", "COCOACASTS_PASSWORD"] {
            #expect(help.contains(variable))
        }
        for code in ExitCode.allCases { #expect(help.contains("  \(code.rawValue) ")) }
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }
}
