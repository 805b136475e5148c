import TerminalUI

/// The help texts, made from ``Grammar``'s table.
enum Help {
    static var general: String {
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
                "ENVIRONMENT (flags win over the environment, the environment over the config file):",
            ] + environment + [
                "",
                "FILES:",
                "  $XDG_CONFIG_HOME/cocoacasts/config.json        the settings of cocoacasts config",
                "  $XDG_CONFIG_HOME/cocoacasts/credentials.json   the tokens, 0600 (XDG_CONFIG_HOME: ~/.config)",
                "  $XDG_CACHE_HOME/cocoacasts/                    the saved catalogue (XDG_CACHE_HOME: ~/.cache)",
                "",
                "EXIT STATUS:",
            ] + codes + [
                "",
                "Try it offline: cocoacasts signin --email demo@cocoacasts.com (password: cocoacasts),",
                "then cocoacasts episodes and cocoacasts video 556. More: cocoacasts help <command>.",
            ]).joined(separator: "\n")
    }

    /// The environment variables, one line each.
    static let environment = [
        "  COCOACASTS_BASE_URL    the API; without one, the mock API built into cocoacasts",
        "  COCOACASTS_API_TOKEN   the X-API-TOKEN (default: the series' token)",
        "  COCOACASTS_TIMEOUT     seconds a request may take (default 30)",
        "  COCOACASTS_TRANSPORT   the HTTP engine (\(TransportChoice.available.map(\.rawValue).joined(separator: ", ")))",
        "  COCOACASTS_CACERT      certificate authorities to trust instead of the system's (a PEM file)",
        "  SSL_CERT_FILE          CAs to trust (also SSL_CERT_DIR, CURL_CA_BUNDLE), as curl's tools read them",
        "  COCOACASTS_STORE       the token file (default: $XDG_CONFIG_HOME/cocoacasts/credentials.json)",
        "  COCOACASTS_PASSWORD    the password for signin (never pass it as an argument)",
        "  NO_COLOR               set and not empty: no colour (as --color never)",
    ]

    static func command(_ command: CommandLineParser.CommandSpec) -> String {
        let examples = command.examples.flatMap { ["  $ " + $0.command, "    " + $0.effect] }
        return
            ([command.summary + "." + aliases(command), "", "USAGE: " + command.usage]
            + (command.options.isEmpty ? [] : ["", "OPTIONS:"] + options(command.options))
            + (examples.isEmpty ? [] : ["", "EXAMPLES:"] + examples)
            + ["", "Global options (--base-url, --store, --color, --verbose, …): see cocoacasts --help."])
            .joined(separator: "\n")
    }

    private static func options(_ options: [CommandLineParser.Option]) -> [String] {
        options.map { "  " + pad($0.name + ($0.valueName.map { " " + $0 } ?? ""), 18) + $0.summary }
    }

    private static func aliases(_ command: CommandLineParser.CommandSpec) -> String {
        command.aliases.isEmpty ? "" : " (also: \(command.aliases.joined(separator: ", ")))"
    }

    /// `text` in a column `width` wide, with at least one space after it.
    private static func pad(_ text: String, _ width: Int) -> String {
        TerminalText.padded(text, to: width - 1) + " "
    }
}
