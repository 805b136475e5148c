import Foundation

extension Completion {
    /// `compdef`: `_arguments -C` takes the global options and the command (knowing which
    /// options take a value, so `--color never` is not a command); the words from the
    /// command on (`*::`) go to a second `_arguments` with the command's options and
    /// arguments. `-A '-*'` leaves options after the command to that second call.
    static var zsh: String {
        let commands = Grammar.commands.flatMap { command in
            names(command).map { "        '\($0):\(zshQuoted(command.summary))'" }
        }
        let perCommand = Grammar.commands.map { command in
            let arguments = command.argumentChoices.map { "':argument:(\($0.joined(separator: " ")))'" }
            return "        (\(names(command).joined(separator: "|")))) _arguments $global "
                + (command.options.map(zshSpec) + arguments).joined(separator: " ") + " ;;"
        }
        return
            ([
                "#compdef cocoacasts",
                "# cocoacasts completion for zsh: source <(cocoacasts completion zsh)",
                "_cocoacasts() {",
                "    local curcontext=$curcontext state state_descr line",
                "    typeset -A opt_args",
                "    local -a commands global",
                "    commands=(",
            ] + commands + [
                "    )",
                "    global=(\(Grammar.globalOptions.map(zshSpec).joined(separator: " ")))",
                "    _arguments -C -A '-*' $global ':command:->command' '*::argument:->argument'",
                "    case $state in",
                "    (command) _describe command commands ;;",
                "    (argument)",
                "        case $words[1] in",
            ] + perCommand + [
                "        esac ;;",
                "    esac",
                "}",
                "compdef _cocoacasts cocoacasts",
            ]).joined(separator: "\n")
    }

    /// `--name[summary]`, then `:VALUE:action` when the option takes a value.
    private static func zshSpec(_ option: CommandLineParser.Option) -> String {
        let action =
            takesFile(option) ? "_files" : option.choices.isEmpty ? "" : "(\(option.choices.joined(separator: " ")))"
        let value = option.isFlag ? "" : ":\(option.valueName ?? "value"):" + action
        return "'\(option.name)[\(zshQuoted(option.summary))]\(value)'"
    }

    /// `text` safe inside single quotes and zsh's `[…]` and `name:description` specs.
    private static func zshQuoted(_ text: String) -> String {
        quoted(text).replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
            .replacingOccurrences(of: ":", with: "\\:")
    }
}
