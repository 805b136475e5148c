import TerminalUI

/// `cocoacasts manual`: the manual page in roff (see ``Manual``).
struct ManualCommand: ImmediateCommand, Equatable {
    static let spec = CommandLineParser.CommandSpec(
        name: "manual", arguments: [], options: [], summary: "Print the manual page (roff)",
        examples: [("cocoacasts manual | man -l -", "read it")])

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) -> Self { Self() }

    func run(_ context: LocalContext) -> ExitCode {
        context.console.print(Manual.page)
        return .success
    }
}
