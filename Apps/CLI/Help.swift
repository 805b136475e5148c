import TerminalUI

/// The help texts, made from ``Grammar``'s table, laid out for 80 columns and broken
/// at word boundaries on a narrower terminal (a long example at spaces, each broken line
/// ending in ` \` so that it still pastes as one command).
enum Help {
    /// The widest help: wider terminals get lines no longer than this.
    static let width = 80

    /// The help for the command called `name`, else the general help, at most `width` cells wide.
    static func text(for name: String?, width: Int = Self.width) -> String {
        let width = min(width, Self.width)
        return name.flatMap { CommandList.command(named: $0)?.spec }.map { command($0, width: width) }
            ?? TerminalText.fitted(generalText, to: width)
    }

    private static var generalText: String {
        let commands = Grammar.commands.map { "  " + pad($0.name, 12) + $0.summary + aliases($0) }
        let codes = ExitCode.allCases.map { "  " + pad("\($0.rawValue)", 5) + $0.summary }
        return
            ([
                "cocoacasts \(Grammar.version) — the Cocoacasts API from the terminal.",
                "",
                "USAGE: cocoacasts [options] <command> [arguments]",
                "",
                "COMMANDS:",
            ] + commands + ["", "OPTIONS:"] + options(Grammar.globalOptions) + [
                "",
                "ENVIRONMENT (flags win over it, and it over the config file):",
            ] + environment + [
                "",
                "FILES (XDG_CONFIG_HOME defaults to ~/.config, XDG_CACHE_HOME to ~/.cache):",
                "  $XDG_CONFIG_HOME/cocoacasts/config.json       the settings (cocoacasts config)",
                "  $XDG_CONFIG_HOME/cocoacasts/credentials.json  the tokens, 0600",
                "  $XDG_CACHE_HOME/cocoacasts/                   the saved catalogue",
                "",
                "EXIT STATUS:",
            ] + codes + [
                "",
                "Try it offline: cocoacasts signin --email demo@cocoacasts.com (password: cocoacasts), then "
                    + "cocoacasts episodes and cocoacasts video 556. More: cocoacasts help <command>.",
            ]).joined(separator: "\n")
    }

    /// The environment variables, one line each: every setting's, then those of no setting.
    static var environment: [String] {
        let settings = ConfigKey.allCases.map { ($0.variable, $0.summary) }
        let others = [
            ("SSL_CERT_FILE", "CAs to trust (also SSL_CERT_DIR, CURL_CA_BUNDLE)"),
            (Grammar.storeVariable, "the token file (see FILES)"),
            (SignInCommand.passwordVariable, "the password for signin (never pass it as an argument)"),
            (Appearance.noColorVariable, "set and not empty: no colour (as \(Grammar.color.name) never)"),
        ]
        let column = (settings + others).map(\.0.count).reduce(0, max) + 1
        return (settings + others).map { "  " + TerminalText.padded($0.0, to: column) + $0.1 }
    }

    private static func command(_ command: CommandLineParser.CommandSpec, width: Int) -> String {
        let head =
            [command.summary + "." + aliases(command), "", "USAGE: " + command.usage]
            + (command.options.isEmpty ? [] : ["", "OPTIONS:"] + options(command.options))
        return
            ([TerminalText.fitted(head.joined(separator: "\n"), to: width)]
            + (command.examples.isEmpty ? [] : [examples(command, width: width)])
            + [
                TerminalText.fitted(
                    "Global options (--base-url, --store, --color, --verbose, …): see cocoacasts --help.", to: width)
            ])
            .joined(separator: "\n\n")
    }

    /// `EXAMPLES:`, each command line whole when it fits, else broken at spaces with ` \`
    /// ending each broken line (a line that ends in `|` needs none), and what it does.
    private static func examples(_ command: CommandLineParser.CommandSpec, width: Int) -> String {
        let lines = command.examples.flatMap { example -> [String] in
            let words = TerminalText.wrapped(example.command, to: width - 8)
            let commandLines = words.enumerated().map { index, line in
                (index == 0 ? "  $ " : "      ") + line + (index == words.count - 1 || line.hasSuffix("|") ? "" : " \\")
            }
            return commandLines + TerminalText.wrapped(example.effect, to: width - 4).map { "    " + $0 }
        }
        return (["EXAMPLES:"] + lines).joined(separator: "\n")
    }

    private static func options(_ options: [CommandLineParser.Option]) -> [String] {
        let labels = options.map { $0.name + ($0.valueName.map { " " + $0 } ?? "") }
        let column = labels.map(\.count).reduce(16, max) + 2
        return zip(labels, options).map { "  " + pad($0, column) + $1.summary }
    }

    private static func aliases(_ command: CommandLineParser.CommandSpec) -> String {
        command.aliases.isEmpty ? "" : " (also: \(command.aliases.joined(separator: ", ")))"
    }

    /// `text` in a column `width` wide, with at least one space after it.
    private static func pad(_ text: String, _ width: Int) -> String {
        TerminalText.padded(text, to: width - 1) + " "
    }
}
