import TerminalUI

/// `cocoacasts completion bash|zsh|fish`: a completion script (see ``Completion``).
struct CompletionCommand: ImmediateCommand, Equatable {
    static let spec = CommandLineParser.CommandSpec(
        name: "completion", arguments: ["<bash|zsh|fish>"], options: [],
        summary: "Print a shell completion script",
        examples: [
            ("source <(cocoacasts completion bash)", "completions in this bash"),
            ("cocoacasts completion fish > ~/.config/fish/completions/cocoacasts.fish", "for every fish"),
        ], argumentChoices: [Completion.Shell.allCases.map(\.rawValue)])

    let shell: Completion.Shell

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) -> Self {
        guard let shell = Completion.Shell(rawValue: arguments[0]) else {
            throw .invalidValue(
                "shell", value: arguments[0],
                expected: Completion.Shell.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return Self(shell: shell)
    }

    func run(_ context: LocalContext) -> ExitCode {
        context.console.print(Completion.script(for: shell))
        return .success
    }
}
