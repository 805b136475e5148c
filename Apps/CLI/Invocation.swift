import TerminalUI

/// What the user asked for, checked: one command, and the command line its settings come from.
struct Invocation {
    let command: any Command
    /// The command line as parsed: the settings are resolved from it once the config file is read.
    let parsed: CommandLineParser.Parsed

    /// Parses `arguments` and checks the command; settings are resolved later (see ``Settings``).
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        if arguments.contains(where: { $0 == "--password" || $0.hasPrefix("--password=") }) {
            throw .passwordOnCommandLine
        }
        let parsed: CommandLineParser.Parsed
        do throws(CommandLineError) {
            parsed = try Grammar.parser.parse(arguments)
        } catch {
            throw .commandLine(error)
        }
        if parsed.has(Grammar.apiTokenStdin) {
            for other in [ConfigKey.apiToken.option, SignInCommand.passwordStdin] where parsed.has(other) {
                throw .conflictingOptions(Grammar.apiTokenStdin.name, other.name)
            }
        }
        return Invocation(command: try command(of: parsed), parsed: parsed)
    }

    /// The command named on the line, made by its own type from the line; help without one.
    private static func command(of parsed: CommandLineParser.Parsed) throws(UsageError) -> any Command {
        if parsed.has(Grammar.help) { return HelpCommand(topic: parsed.command) }
        if parsed.has(Grammar.showVersion) { return VersionCommand() }
        guard let name = parsed.command, let type = CommandList.command(named: name) else {
            return HelpCommand(topic: nil)
        }
        return try type.parse(parsed, arguments: try expectArguments(parsed, type.spec))
    }

    /// The arguments, when there are as many as `command` takes; else its usage line.
    private static func expectArguments(_ parsed: CommandLineParser.Parsed, _ command: CommandLineParser.CommandSpec)
        throws(UsageError) -> [String]
    {
        let names = command.arguments
        if parsed.arguments.count > names.count, !command.takesMoreWords {
            throw .unexpectedArgument(parsed.arguments[names.count])
        }
        if parsed.arguments.count < command.requiredArgumentCount {
            throw .missingArgument(names[parsed.arguments.count], usage: command.usage)
        }
        return parsed.arguments
    }
}
