import Domain
import TerminalUI

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
            "        (\(names(command).joined(separator: "|")))) _arguments $rest "
                + (command.options.map(zshSpec) + argumentSpecs(command)).joined(separator: " ") + " ;;"
        }
        // A function per command whose last argument's values depend on the one before it.
        let byPrevious = Grammar.commands.filter { !$0.lastArgumentByPrevious.isEmpty }.flatMap(valueFunction)
        return
            ([
                "#compdef cocoacasts",
                "# cocoacasts completion for zsh: source <(cocoacasts completion zsh), before or after compinit;",
                "# or save it as _cocoacasts in a directory of $fpath.",
                "_cocoacasts() {",
                "    local curcontext=$curcontext state state_descr line",
                "    typeset -A opt_args",
                "    local -a commands global",
                "    commands=(",
            ] + commands + [
                "    )",
                "    global=(\(Grammar.globalOptions.map(zshSpec).joined(separator: " ")))",
                "    _arguments -C -A '-*' $global ':command:->command' '*::argument:->argument'",
                "    local -a rest",  // the global options not given before the command
                "    local spec name",
                "    for spec in $global; do name=${spec%%\\[*}; (( ${+opt_args[$name]} )) || rest+=($spec); done",
                "    case $state in",
                "    (command) _describe command commands ;;",
                "    (argument)",
                "        case $words[1] in",
            ] + perCommand + [
                "        esac ;;",
                "    esac",
                "}",
            ] + byPrevious + registration).joined(separator: "\n")
    }

    /// How the script takes effect. Autoloaded from `$fpath` (saved as `_cocoacasts`, which
    /// compinit registers by the `#compdef` line), it has just defined the functions and
    /// completes this first Tab too. Sourced, it calls `compdef`, which exists only once
    /// `compinit` has run: a script sourced before it (a common order in a .zshrc) registers
    /// before the next prompt instead, once compinit has.
    private static let registration = [
        "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
        "    _cocoacasts \"$@\"",
        "elif (( $+functions[compdef] )); then",
        "    compdef _cocoacasts cocoacasts",
        "else",
        "    autoload -Uz add-zsh-hook",
        "    _cocoacasts_compdef() {",
        "        (( $+functions[compdef] )) || return 0",
        "        compdef _cocoacasts cocoacasts",
        "        add-zsh-hook -d precmd _cocoacasts_compdef",
        "        unfunction _cocoacasts_compdef",
        "    }",
        "    add-zsh-hook precmd _cocoacasts_compdef",
        "fi",
    ]

    /// `_cocoacasts_<command>_value`: completes the last argument of `command` by the one before it.
    private static func valueFunction(_ command: CommandLineParser.CommandSpec) -> [String] {
        let cases: [String] = lastArgumentValues(command).map { previous, values in
            let action = values.isEmpty ? "_files" : "compadd -- " + values.joined(separator: " ")
            return "    (\(previous)) \(action) ;;"
        }
        return ["_cocoacasts_\(command.name)_value() {", "    case $words[\(command.arguments.count)] in"] + cases
            + ["    esac", "}"]
    }

    /// One spec per argument, so that options after an argument still complete: its choices,
    /// the last one's by the one before it (`config set KEY VALUE`), or none (`:id: `); `::`
    /// for an optional argument.
    private static func argumentSpecs(_ command: CommandLineParser.CommandSpec) -> [String] {
        command.arguments.enumerated().map { index, name in
            let action =
                !command.lastArgumentByPrevious.isEmpty && index == command.arguments.count - 1
                ? "_cocoacasts_\(command.name)_value"
                : index < command.argumentChoices.count
                    ? "(\(command.argumentChoices[index].joined(separator: " ")))" : " "
            let label = zshQuoted(String(name.trimming { "<>[].".contains($0) }))
            let kind = name.hasSuffix("...]") ? "*:" : name.hasPrefix("[") ? "::" : ":"
            return "'\(kind)\(label):\(action)'"
        }
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
        quoted(text).replacing("[", with: "(").replacing("]", with: ")").replacing(":", with: "\\:")
    }
}
