import Foundation
import Ports
import Presentation
import TerminalUI
import Testing

@testable import cocoacasts

@Suite("Commands and settings from the command line and the environment")
struct InvocationTests {
    @Test(
        arguments: [
            (
                ["signin", "--email", "a@b.co", "--password-stdin"],
                SignInCommand(email: "a@b.co", passwordFromStdin: true)
            ),
            (["signout"], SignOutCommand()),
            (["status", "--json"], StatusCommand(all: false, offline: false, json: true)),
            (["--json", "status", "--all"], StatusCommand(all: true, offline: false, json: true)),
            (["status", "--offline"], StatusCommand(all: false, offline: true, json: false)),
            (["login", "--email", "a@b.co"], SignInCommand(email: "a@b.co", passwordFromStdin: false)),
            (["logout"], SignOutCommand()),
            ([], HelpCommand(topic: nil)),
            (["help"], HelpCommand(topic: nil)),
            (["help", "logout"], HelpCommand(topic: "signout")),
            (["config", "set", "timeout", "5"], ConfigCommand(action: .set(.timeout, "5"), json: false)),
            (["config", "list", "--json"], ConfigCommand(action: .list, json: true)),
            (["completion", "fish"], CompletionCommand(shell: .fish)),
            (["manual"], ManualCommand()),
            (["episodes"], EpisodesCommand(json: false, policy: .normal)),
            (["episodes", "--offline"], EpisodesCommand(json: false, policy: .offlineOnly)),
            (["--no-cache", "episodes"], EpisodesCommand(json: false, policy: .bypass)),
            (["cache", "clear"], CacheCommand()),
            (["episode", "556", "--json"], EpisodeCommand(name: .id(556), json: true, policy: .normal)),
            (["episode", "sign", "in"], EpisodeCommand(name: .words("sign in"), json: false, policy: .normal)),
            (["video", "632759499"], VideoCommand(reference: "632759499", json: false)),
            (["progress", "7"], ProgressCommand(reference: "7", action: .show, json: false)),
            (
                ["progress", "7", "--set", "124"],
                ProgressCommand(reference: "7", action: .set(seconds: 124, typed: "124"), json: false)
            ),
            (["progress", "7", "--delete", "--json"], ProgressCommand(reference: "7", action: .delete, json: true)),
            (["video", "--help"], HelpCommand(topic: "video")),
            (["watch", "556", "--from-start"], WatchCommand(reference: "556", fromStart: true)),
            (["play", "632759499"], WatchCommand(reference: "632759499", fromStart: false)),
            (
                ["episodes", "sign", "In", "--limit", "2"],
                EpisodesCommand(json: false, policy: .normal, search: EpisodeSearch("sign in"), limit: 2)
            ),
            (["continue", "--limit", "2", "--json"], ContinueCommand(json: true, limit: 2)),
            (["resume"], ContinueCommand(json: false, limit: nil)),
            (["history", "--limit", "1"], ContinueCommand(json: false, limit: 1)),
            (["--version"], VersionCommand()),
        ] as [([String], any Command)])
    func everyCommandParses(arguments: [String], command: any Command) throws {
        #expect(Self.same(try Invocation.parse(arguments).command, command), "\(arguments)")
    }

    /// Each listed command is made by its own type from its own name, so it runs its own code:
    /// a command missed by the parser cannot silently run another (`help`, say).
    @Test func eachListedCommandIsParsedIntoItsOwnType() throws {
        for type in CommandList.all {
            let spec = type.spec
            // Each required argument, and each optional one that has choices: an id, or its first choice.
            let arguments = spec.arguments.indices.prefix { index in
                index < spec.requiredArgumentCount || index < spec.argumentChoices.count
            }.map { index in index < spec.argumentChoices.count ? spec.argumentChoices[index][0] : "556" }
            for name in [spec.name] + spec.aliases {
                let parsed = try Invocation.parse([name] + arguments).command
                #expect(Swift.type(of: parsed) == type, "\(name) made a \(Swift.type(of: parsed))")
            }
        }
        #expect(Set(CommandList.all.map { $0.spec.name }).count == CommandList.all.count, "one type per name")
    }

    /// Whether two commands are of one type and equal.
    private static func same(_ parsed: any Command, _ expected: any Command) -> Bool {
        func equals<C: Command & Equatable>(_ expected: C) -> Bool { (parsed as? C) == expected }
        guard let expected = expected as? any Command & Equatable else { return false }
        return equals(expected)
    }

    @Test(arguments: [
        (
            ["episode", "5", "6"],
            UsageError.invalidValue("episode id", value: "5 6", expected: "a number, or words of its title")
        ),
        (
            ["episode"],
            .missingArgument("<id or words>", usage: "cocoacasts episode <id or words> [more-words...] [options]")
        ),
        (
            ["progress"],
            .missingArgument(
                "<id or words>",
                usage: "cocoacasts progress <id or words> [more-words...] [options]")
        ),
        (["help", "episods"], .commandLine(.unknownCommand("episods", suggestion: "episodes"))),
        (["completion", "tcsh"], .invalidValue("shell", value: "tcsh", expected: "bash, zsh, fish")),
        (
            ["config", "get", "colour"],
            .invalidValue(
                "config key", value: "colour",
                expected: "base-url, api-token, timeout, transport, cacert, token-store, player")
        ),
        (
            ["config", "set", "timeout"],
            .missingArgument("<value>", usage: "cocoacasts config <get|set|unset|list> [key] [value] [options]")
        ),
        (
            ["episodes", "--color", "sometimes"],
            .commandLine(.invalidValue("--color", value: "sometimes", expected: "auto, always, never"))
        ),
        (["status", "extra"], .unexpectedArgument("extra")),
        (["episodes", "--offline", "--no-cache"], .conflictingOptions("--offline", "--no-cache")),
        (["cache", "empty"], .invalidValue("cache action", value: "empty", expected: "clear")),
        (
            ["progress", "7", "--set", "-1"],
            .invalidValue(
                "--set", value: "-1", expected: "whole seconds (90), m:ss (1:30) or h:mm:ss (1:02:03), 0 or more")
        ),
        (["progress", "7", "--set", "1", "--delete"], .conflictingOptions("--set", "--delete")),
        (["continue", "--limit", "0"], .invalidValue("--limit", value: "0", expected: "a whole number, 1 or more")),
        (["continue", "--limit", "x"], .invalidValue("--limit", value: "x", expected: "a whole number, 1 or more")),
        (["continue", "--limit"], .commandLine(.missingValue("--limit", valueName: "N"))),
        (["continue", "553"], .unexpectedArgument("553")),
        (["signin", "--password", "hunter2"], .passwordOnCommandLine),
        (["signin", "--password=hunter2"], .passwordOnCommandLine),
    ])
    func badCommandLinesAreUsageErrors(arguments: [String], error: UsageError) {
        #expect(throws: error) { try Invocation.parse(arguments) }
    }

    @Test(arguments: [
        (
            ["episodes", "--timeout", "0"],
            UsageError.invalidValue("--timeout", value: "0", expected: "seconds, more than 0 and at most 3600")
        ),
        (
            ["episodes", "--base-url", "not a url"],
            .invalidValue(
                "base URL", value: "not a url", expected: "a URL such as http://127.0.0.1:8080/api/v1")
        ),
        (
            ["watch", "556", "--player", "vlc $URL"],
            .invalidValue(
                "--player", value: "vlc $URL",
                expected: "a command: a program on PATH and its arguments, the URL added last")
        ),
    ])
    func badSettingsAreUsageErrors(arguments: [String], error: UsageError) {
        #expect(throws: error) { try settings(arguments, environment: [:]) }
    }

    @Test func flagsWinOverTheEnvironmentAndTheEnvironmentOverDefaults() throws {
        let environment = [
            "COCOACASTS_BASE_URL": "http://127.0.0.1:1/api/v1", "COCOACASTS_API_TOKEN": "env-token",
            "COCOACASTS_STORE": "/env/store.json",
        ]
        let fromEnvironment = try settings(["episodes"], environment: environment)
        #expect(fromEnvironment.baseURL?.absoluteString == "http://127.0.0.1:1/api/v1")
        #expect(fromEnvironment.apiToken == "env-token" && fromEnvironment.storePath == "/env/store.json")
        let flags = [
            "episodes", "--base-url", "http://127.0.0.1:2/api/v1", "--api-token", "flag-token", "--store", "/f.json",
        ]
        let fromFlags = try settings(flags, environment: environment)
        #expect(fromFlags.baseURL?.absoluteString == "http://127.0.0.1:2/api/v1")
        #expect(fromFlags.apiToken == "flag-token" && fromFlags.storePath == "/f.json")
        let defaults = try settings(["episodes"], environment: [:])
        #expect(
            defaults.baseURL == nil && defaults.apiToken == nil && defaults.storePath == nil && defaults.timeout == 30)
    }

    @Test func theConfigFileComesAfterTheEnvironmentAndBeforeDefaults() throws {
        let config = ["base-url": "http://127.0.0.1:3/api/v1", "api-token": "file-token", "timeout": "7"]
        let fromFile = try settings(["episodes"], environment: [:], config: config)
        #expect(fromFile.baseURL?.absoluteString == "http://127.0.0.1:3/api/v1" && fromFile.apiToken == "file-token")
        #expect(
            fromFile.timeout == 7
                && fromFile.sources == [
                    .baseURL: .configFile, .apiToken: .configFile, .timeout: .configFile, .transport: .defaultValue,
                    .cacert: .defaultValue, .tokenStore: .defaultValue, .player: .defaultValue,
                ])
        let environment = [
            "COCOACASTS_BASE_URL": "http://127.0.0.1:1/api/v1", "COCOACASTS_TIMEOUT": "9", "COCOACASTS_API_TOKEN": "",
        ]
        let mixed = try settings(["episodes", "--timeout", "11"], environment: environment, config: config)
        #expect(mixed.baseURL?.absoluteString == "http://127.0.0.1:1/api/v1" && mixed.timeout == 11)
        #expect(mixed.apiToken == "file-token", "an empty variable gives no value")
        #expect(
            mixed.sources == [
                .baseURL: .environment, .apiToken: .configFile, .timeout: .flag, .transport: .defaultValue,
                .cacert: .defaultValue, .tokenStore: .defaultValue, .player: .defaultValue,
            ])
        let defaults = try settings(["episodes"], environment: [:], config: [:])
        #expect(
            defaults.sources.values.allSatisfy { $0 == .defaultValue }
                && defaults.sources.count == ConfigKey.allCases.count)
        #expect(
            throws: UsageError.invalidValue(
                "timeout in the config file", value: "soon", expected: "seconds, more than 0 and at most 3600")
        ) {
            try settings(["episodes"], environment: [:], config: ["timeout": "soon"])
        }
    }

    @Test func everyCommandsHelpHasExamplesAndItsUsage() throws {
        for command in Grammar.commands {
            let help = Help.text(for: command.name)
            #expect(help.contains("USAGE: " + command.usage) && help.contains("EXAMPLES:\n  $ "), "\(command.name)")
            let names = [command.name] + command.aliases
            for example in command.examples {
                #expect(names.contains { example.command.contains("cocoacasts \($0)") }, "\(example.command)")
            }
        }
        let login = try #require(CommandList.command(named: "login"))
        #expect(Help.text(for: login.spec.name).contains("(also: login)"))
    }

    @Test func helpListsEveryCommandOptionVariableAndExitStatus() {
        let help = Help.text(for: nil)
        for command in Grammar.commands { #expect(help.contains("  \(command.name) ")) }
        for option in Grammar.globalOptions { #expect(help.contains(option.name)) }
        for variable in ["COCOACASTS_BASE_URL", "COCOACASTS_API_TOKEN", "COCOACASTS_STORE", "COCOACASTS_PASSWORD"] {
            #expect(help.contains(variable))
        }
        for code in ExitCode.allCases { #expect(help.contains("  \(code.rawValue) ")) }
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }

    /// The settings of `arguments` over `environment` and `config`, as a run resolves them.
    private func settings(
        _ arguments: [String], environment: [String: String], config: ConfigFile.Values = [:]
    ) throws -> Settings {
        try Settings(parsed: Invocation.parse(arguments).parsed, environment: environment, config: config)
    }
}
