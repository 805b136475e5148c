extension Completion {
    /// `complete -F`: one function walks the words before the cursor to find the command
    /// and the argument being completed.
    static var bash: String {
        let values = Set(valueOptions.map(\.name)).sorted().joined(separator: "|")
        let optionValues = valueOptions.compactMap { option -> String? in
            if takesFile(option) { return "        \(option.name)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;" }
            guard !option.choices.isEmpty else { return nil }
            let choices = option.choices.joined(separator: " ")
            return "        \(option.name)) COMPREPLY=($(compgen -W '\(choices)' -- \"$cur\")); return ;;"
        }
        let perCommand = Grammar.commands.map { command in
            let options = (command.options + Grammar.globalOptions).map(\.name).joined(separator: " ")
            let choices = command.argumentChoices.enumerated().map {
                "\($0.offset)) words='\($0.element.joined(separator: " "))' ;;"
            }
            return "        \(names(command).joined(separator: "|"))) options='\(options)'"
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
}
