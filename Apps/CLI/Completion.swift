import Foundation

/// `cocoacasts completion bash|zsh|fish`: completion scripts made from ``Grammar``'s table,
/// so they offer exactly the commands, aliases, options and option values the parser takes.
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

    private static var commandWords: [String] { Grammar.commands.flatMap { [$0.name] + $0.aliases } }
    private static var valueOptions: [CommandLineParser.Option] {
        (Grammar.globalOptions + Grammar.commands.flatMap(\.options)).filter { !$0.isFlag }
    }

    /// `complete -F`: the command is the first word that is neither an option nor an option's value.
    private static var bash: String {
        let values = Set(valueOptions.map(\.name)).sorted().joined(separator: "|")
        let optionValues = valueOptions.filter { !$0.choices.isEmpty }.map {
            "        \($0.name)) COMPREPLY=($(compgen -W '\($0.choices.joined(separator: " "))' -- \"$cur\")); return ;;"
        }
        let perCommand = Grammar.commands.map { command in
            let options = (command.options + Grammar.globalOptions).map(\.name).joined(separator: " ")
            let choices = command.argumentChoices.enumerated().map {
                "\($0.offset)) words='\($0.element.joined(separator: " "))' ;;"
            }
            return "        \((([command.name] + command.aliases).joined(separator: "|")))) options='\(options)'"
                + (choices.isEmpty ? "" : "; case $argument in \(choices.joined(separator: " ")) esac") + " ;;"
        }
        return
            ([
                "# cocoacasts completion for bash: source <(cocoacasts completion bash)",
                "_cocoacasts() {",
                "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
                "    local command='' argument=0 i",
                "    for ((i = 1; i < COMP_CWORD; i++)); do",
                "        case \"${COMP_WORDS[i]}\" in",
                "        \(values)) ((i++)) ;;",
                "        -*) ;;",
                "        *) if [[ -z $command ]]; then command=${COMP_WORDS[i]}; else ((argument++)); fi ;;",
                "        esac",
                "    done",
                "    case \"$prev\" in",
            ] + optionValues + [
                "        --store) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;",
                "        \(values)) return ;;",
                "    esac",
                "    local options='\(Grammar.globalOptions.map(\.name).joined(separator: " "))' words=''",
                "    case \"$command\" in",
                "        '') words='\(commandWords.joined(separator: " "))' ;;",
            ] + perCommand + [
                "    esac",
                "    if [[ $cur == -* ]]; then words=$options; fi",
                "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))",
                "}",
                "complete -F _cocoacasts cocoacasts",
            ]).joined(separator: "\n")
    }

    /// `compdef`: commands with their summaries, then each command's options and argument values.
    private static var zsh: String {
        func described(_ option: CommandLineParser.Option) -> String {
            let value = option.isFlag ? "" : ":\(option.valueName ?? "value"):" + choices(option.choices)
            return "'\(option.name)[\(zshQuoted(option.summary))]\(value)'"
        }
        func choices(_ values: [String]) -> String { values.isEmpty ? "" : "(\(values.joined(separator: " ")))" }
        let commands = Grammar.commands.flatMap { command in
            ([command.name] + command.aliases).map { "        '\($0):\(zshQuoted(command.summary))'" }
        }
        let global = Grammar.globalOptions.map(described).joined(separator: " ")
        let perCommand = Grammar.commands.map { command in
            let arguments = command.argumentChoices.map { "':argument:\(choices($0))'" }.joined(separator: " ")
            return "    (\((([command.name] + command.aliases).joined(separator: "|"))))) _arguments "
                + (command.options.map(described) + [global, arguments]).joined(separator: " ") + " ;;"
        }
        return
            ([
                "#compdef cocoacasts",
                "# cocoacasts completion for zsh: source <(cocoacasts completion zsh)",
                "_cocoacasts() {",
                "    local -a commands",
                "    commands=(",
            ] + commands + [
                "    )",
                "    local word command=''",
                "    for word in ${words[2,CURRENT-1]}; do",
                "        [[ $word == -* ]] || { command=$word; break; }",
                "    done",
                "    if [[ -z $command ]]; then",
                "        _arguments \(global) ':command:->command'",
                "        [[ $state == command ]] && _describe command commands",
                "        return",
                "    fi",
                "    case $command in",
            ] + perCommand + [
                "    esac",
                "}",
                "compdef _cocoacasts cocoacasts",
            ]).joined(separator: "\n")
    }

    /// `complete -c`: commands until one is given, then its options; options' values.
    private static var fish: String {
        func line(_ option: CommandLineParser.Option, condition: String?) -> String {
            "complete -c cocoacasts" + (condition.map { " -n '\($0)'" } ?? "") + " -l \(option.name.dropFirst(2))"
                + (option.isFlag ? "" : " -r")
                + (option.choices.isEmpty ? "" : " -x -a '\(option.choices.joined(separator: " "))'")
                + " -d '\(quoted(option.summary))'"
        }
        let commands = Grammar.commands.flatMap { command in
            ([command.name] + command.aliases).map {
                "complete -c cocoacasts -n __fish_use_subcommand -a \($0) -d '\(quoted(command.summary))'"
            }
        }
        let perCommand = Grammar.commands.flatMap { command in
            let condition = "__fish_seen_subcommand_from " + ([command.name] + command.aliases).joined(separator: " ")
            return command.options.map { line($0, condition: condition) }
                + (command.argumentChoices.first.map {
                    ["complete -c cocoacasts -n '\(condition)' -a '\($0.joined(separator: " "))'"]
                } ?? [])
        }
        return
            (["# cocoacasts completion for fish: cocoacasts completion fish | source", "complete -c cocoacasts -f"]
            + commands + Grammar.globalOptions.map { line($0, condition: nil) } + perCommand).joined(separator: "\n")
    }

    /// `text` safe inside single quotes.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "’")
    }

    /// `text` safe inside single quotes and zsh's `[…]` and `name:description` specs.
    private static func zshQuoted(_ text: String) -> String {
        quoted(text).replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
            .replacingOccurrences(of: ":", with: "\\:")
    }
}
