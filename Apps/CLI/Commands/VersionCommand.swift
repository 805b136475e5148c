import TerminalUI

/// `cocoacasts version`: the version, as `--version` and `-V` print it.
struct VersionCommand: ImmediateCommand, Equatable {
    static let spec = CommandLineParser.CommandSpec(
        name: "version", arguments: [], options: [], summary: "Show the version (also --version, -V)",
        examples: [("cocoacasts version", "the version, as --version prints it")])

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) -> Self { Self() }

    func run(_ context: LocalContext) -> ExitCode {
        context.console.print("cocoacasts \(Grammar.version)")
        return .success
    }
}
