import Ports
import TerminalUI

/// What the user asked for, checked: one command, and the command line its settings come from.
struct Invocation: Equatable {
    enum Command: Equatable {
        case help(command: String?)
        case version
        case signIn(email: String?, passwordFromStdin: Bool)
        case signOut
        case status(all: Bool, offline: Bool, json: Bool)
        case episodes(json: Bool, policy: CachePolicy)
        case episode(id: Int, json: Bool, policy: CachePolicy)
        case video(reference: String, json: Bool)
        case progress(reference: String, action: ProgressAction, json: Bool)
        case config(ConfigAction, json: Bool)
        case completion(shell: Completion.Shell)
        case manual
        case clearCache
    }

    enum ProgressAction: Equatable {
        case show
        /// Save `seconds`, which the user typed as `typed` (`90`, `1:30`): messages answer in that form.
        case set(seconds: Int, typed: String)
        case delete
    }

    let command: Command
    /// The command line as parsed: the settings are resolved from it once the config file is read.
    let parsed: CommandLineParser.Parsed

    /// Parses `arguments` and checks the command; settings are resolved later (see ``Settings``).
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        if arguments.contains(where: { $0 == "--password" || $0.hasPrefix("--password=") }) {
            throw .passwordOnCommandLine
        }
        let parsed = try Grammar.parser.parse(arguments)
        if parsed.flag("--api-token-stdin") {
            for other in ["--api-token", "--password-stdin"] where parsed.options[other] != nil {
                throw .conflictingOptions("--api-token-stdin", other)
            }
        }
        return Invocation(command: try command(of: parsed), parsed: parsed)
    }

    private static func command(of parsed: CommandLineParser.Parsed) throws(UsageError) -> Command {
        if parsed.flag("--help") { return .help(command: parsed.command) }
        if parsed.flag("--version") { return .version }
        guard let name = parsed.command, let grammar = Grammar.command(named: name) else { return .help(command: nil) }
        let arguments = try expectArguments(parsed, grammar)
        let json = parsed.flag("--json")
        switch name {
        case "signin":
            return .signIn(email: parsed.options["--email"], passwordFromStdin: parsed.flag("--password-stdin"))
        case "signout": return .signOut
        case "status": return .status(all: parsed.flag("--all"), offline: parsed.flag("--offline"), json: json)
        case "episodes": return .episodes(json: json, policy: try cachePolicy(parsed))
        case "episode":
            guard let number = Int(arguments[0]), number >= 0 else {
                throw .invalidValue("episode id", value: arguments[0], expected: "a number")
            }
            return .episode(id: number, json: json, policy: try cachePolicy(parsed))
        case "video": return .video(reference: arguments[0], json: json)
        case "progress": return .progress(reference: arguments[0], action: try progressAction(parsed), json: json)
        case "config": return .config(try ConfigAction(arguments), json: json)
        case "completion":
            guard let shell = Completion.Shell(rawValue: arguments[0]) else {
                throw .invalidValue(
                    "shell", value: arguments[0], expected: grammar.argumentChoices[0].joined(separator: ", "))
            }
            return .completion(shell: shell)
        case "manual": return .manual
        case "version": return .version
        case "cache":
            guard arguments[0] == "clear" else {
                throw .invalidValue("cache action", value: arguments[0], expected: "clear")
            }
            return .clearCache
        default:
            if let topic = arguments.first, Grammar.command(named: topic) == nil {
                let names = Grammar.commands.flatMap { [$0.name] + $0.aliases }
                throw .unknownCommand(topic, suggestion: Suggestion.closest(to: topic, in: names))
            }
            return .help(command: arguments.first.flatMap { Grammar.command(named: $0)?.name })
        }
    }

    private static func cachePolicy(_ parsed: CommandLineParser.Parsed) throws(UsageError) -> CachePolicy {
        switch (parsed.flag("--offline"), parsed.flag("--no-cache")) {
        case (true, true): throw .conflictingOptions("--offline", "--no-cache")
        case (true, false): .offlineOnly
        case (false, true): .bypass
        case (false, false): .normal
        }
    }

    private static func progressAction(_ parsed: CommandLineParser.Parsed) throws(UsageError) -> ProgressAction {
        switch (parsed.options["--set"], parsed.flag("--delete")) {
        case (.some, true): throw .conflictingOptions("--set", "--delete")
        case (nil, true): return .delete
        case (nil, false): return .show
        case (.some(let value), false):
            guard let seconds = seconds(in: value) else {
                throw .invalidValue(
                    "--set", value: value, expected: "whole seconds (90), m:ss (1:30) or h:mm:ss (1:02:03), 0 or more")
            }
            return .set(seconds: seconds, typed: value)
        }
    }

    /// The seconds in `text`: `90`, `1:30` or `1:02:03` (as the durations are shown); the
    /// fields after the first are two digits below 60.
    static func seconds(in text: String) -> Int? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count), fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let first = Int(fields[0]), first >= 0
        else { return nil }
        var seconds = first
        for field in fields.dropFirst() {
            guard field.count == 2, let value = Int(field), (0..<60).contains(value) else { return nil }
            let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 60)
            guard !overflow else { return nil }
            seconds = scaled + value
        }
        return seconds
    }

    /// The arguments, when there are as many as `command` takes; else its usage line.
    private static func expectArguments(_ parsed: CommandLineParser.Parsed, _ command: CommandLineParser.CommandSpec)
        throws(UsageError) -> [String]
    {
        let names = command.arguments
        if parsed.arguments.count > names.count { throw .unexpectedArgument(parsed.arguments[names.count]) }
        if parsed.arguments.count < command.requiredArgumentCount {
            throw .missingArgument(names[parsed.arguments.count], usage: command.usage)
        }
        return parsed.arguments
    }
}

extension Invocation.Command {
    /// The settings whose values the command uses, and so checks; `nil` for a command that
    /// needs no settings at all (help, the config file itself).
    var settingsUsed: Set<ConfigKey>? {
        switch self {
        case .help, .version, .completion, .manual, .config: nil
        case .clearCache: []
        case .signOut: [.baseURL, .timeout, .tokenStore]  // whose tokens, where, and how long to wait for a lock
        case .signIn, .status, .episodes, .episode, .video, .progress: Set(ConfigKey.allCases)
        }
    }
}
