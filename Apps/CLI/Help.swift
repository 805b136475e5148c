import TerminalUI

/// The `--help` texts.
enum Help {
    static var general: String {
        let commands = Grammar.commands.map { "  " + pad($0.name, 11) + $0.summary }
        let options = Grammar.globalOptions.map {
            "  " + pad($0.name + ($0.valueName.map { " " + $0 } ?? ""), 18) + $0.summary
        }
        let codes = ExitCode.allCases.map { "  " + pad("\($0.rawValue)", 5) + $0.summary }
        return
            ([
                "cocoacasts \(Grammar.version) — the Cocoacasts API from the terminal.",
                "",
                "USAGE: cocoacasts [options] <command> [arguments]",
                "",
                "COMMANDS:",
            ] + commands + ["", "OPTIONS:"] + options + [
                "",
                "ENVIRONMENT (flags win over the environment, the environment over defaults):",
                "  COCOACASTS_BASE_URL    the API; without one, the mock API built into cocoacasts",
                "  COCOACASTS_API_TOKEN   the X-API-TOKEN (default: the series' token)",
                "  COCOACASTS_STORE       the token file (default: $XDG_CONFIG_HOME/cocoacasts/credentials.json)",
                "  COCOACASTS_PASSWORD    the password for signin (never pass it as an argument)",
                "",
                "EXIT STATUS:",
            ] + codes + [
                "",
                "Try it offline: cocoacasts signin --email demo@cocoacasts.com (password: cocoacasts),",
                "then cocoacasts episodes and cocoacasts video 556.",
            ]).joined(separator: "\n")
    }

    static func command(_ command: ArgumentParser.Command) -> String {
        let usage =
            (["cocoacasts", command.name] + command.arguments).joined(separator: " ")
            + (command.options.isEmpty ? "" : " [options]")
        let options = command.options.map {
            "  " + pad($0.name + ($0.valueName.map { " " + $0 } ?? ""), 18) + $0.summary
        }
        return
            ([command.summary + ".", "", "USAGE: " + usage]
            + (options.isEmpty ? [] : ["", "OPTIONS:"] + options)
            + ["", "Global options (--base-url, --store, --verbose, …): see cocoacasts --help."])
            .joined(separator: "\n")
    }

    /// `text` in a column `width` wide, with at least one space after it.
    private static func pad(_ text: String, _ width: Int) -> String {
        TerminalText.padded(text, to: width - 1) + " "
    }
}
