import TerminalUI

/// `cocoacasts completion bash|zsh|fish`: completion scripts made from ``Grammar``'s table,
/// so they offer exactly the commands, aliases, options and option values the parser takes.
///
/// The three scripts find their place on the line by the same rule as the parser: the
/// command is the first word that is neither an option nor an option's value, and the
/// words after it are its arguments, counted the same way.
enum Completion {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// Every word that names a command.
    static var commandWords: [String] { Grammar.commands.flatMap(names) }

    /// The options that take a value, wherever they are given.
    static var valueOptions: [CommandLineParser.Option] {
        (Grammar.globalOptions + Grammar.commands.flatMap(\.options)).filter { !$0.isFlag }
    }

    /// The names of `command`: its own and its aliases.
    static func names(_ command: CommandLineParser.CommandSpec) -> [String] {
        [command.name] + command.aliases
    }

    /// Whether the option's value is a file name, which the shell completes as one.
    static func takesFile(_ option: CommandLineParser.Option) -> Bool {
        option.valueName == "PATH" || option.valueName == "FILE"
    }

    /// The last argument's values by the one before it, sorted for stable scripts: each
    /// previous value with its choices (`[]`: a file name).
    static func lastArgumentValues(_ command: CommandLineParser.CommandSpec) -> [(previous: String, choices: [String])]
    {
        command.lastArgumentByPrevious.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `text` safe inside single quotes.
    static func quoted(_ text: String) -> String {
        text.replacing("'", with: "’")
    }
}
