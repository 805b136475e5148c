import TerminalUI

/// `cocoacasts help [command]`: the general help, or a command's; also `--help` anywhere
/// and `cocoacasts` alone.
struct HelpCommand: ImmediateCommand, Equatable {
    static let spec = CommandLineParser.CommandSpec(
        name: "help", arguments: ["[command]"], options: [], summary: "Show help for cocoacasts or a command",
        examples: [("cocoacasts help progress", "the progress command's options and examples")],
        argumentChoices: [topics])

    /// Every name and alias of the other commands, which `help` takes as its argument.
    private static var topics: [String] {
        CommandList.all.filter { $0 != HelpCommand.self }.flatMap { [$0.spec.name] + $0.spec.aliases }
    }

    /// The command whose help is asked for (by its name, an alias resolved); `nil` for the general help.
    let topic: String?

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) -> Self {
        if let topic = arguments.first, CommandList.command(named: topic) == nil {
            let names = CommandList.all.flatMap { [$0.spec.name] + $0.spec.aliases }
            throw .commandLine(.unknownCommand(topic, suggestion: Suggestion.closest(to: topic, in: names)))
        }
        return Self(topic: arguments.first.flatMap { CommandList.command(named: $0)?.spec.name })
    }

    func run(_ context: LocalContext) -> ExitCode {
        context.console.print(Help.text(for: topic, width: context.appearance.width))
        return .success
    }
}
