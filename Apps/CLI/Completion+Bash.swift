import TerminalUI

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
            var choices = command.argumentChoices.enumerated().map {
                "\($0.offset)) words='\($0.element.joined(separator: " "))' ;;"
            }
            let byPrevious = lastArgumentValues(command).map { previous, values in
                values.isEmpty
                    ? "\(previous)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;"
                    : "\(previous)) words='\(values.joined(separator: " "))' ;;"
            }
            if !byPrevious.isEmpty {
                let last = command.arguments.count - 1
                choices.append(
                    "\(last)) case ${arguments[\(last - 1)]} in \(byPrevious.joined(separator: " ")) esac ;;")
            }
            return "        \(names(command).joined(separator: "|"))) options='\(options)'"
                + (choices.isEmpty ? "" : "; case $argument in \(choices.joined(separator: " ")) esac") + " ;;"
        }
        return
            ([
                "# cocoacasts completion for bash: source <(cocoacasts completion bash)",
                "_cocoacasts() {",
                "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
                "    local command='' i",
                "    local -a arguments=() given=()",
                "    for ((i = 1; i < COMP_CWORD; i++)); do",
                "        case \"${COMP_WORDS[i]}\" in",
                "        \(values)) given+=(\"${COMP_WORDS[i]}\"); ((i++)) ;;",
                "        -*) given+=(\"${COMP_WORDS[i]%%=*}\") ;;",
                "        *) if [[ -z $command ]]; then command=${COMP_WORDS[i]}; else arguments+=(\"${COMP_WORDS[i]}\"); fi ;;",
                "        esac",
                "    done",
                "    local argument=${#arguments[@]}",
                "    case \"$prev\" in",
            ] + optionValues + [
                "        \(values)) return ;;",
                "    esac",
                "    local options='\(Grammar.globalOptions.map(\.name).joined(separator: " "))' words=''",
                "    case \"$command\" in",
                "        '') words='\(commandWords.joined(separator: " "))' ;;",
            ] + perCommand + [
                "    esac",
                "    if [[ $cur == -* ]]; then",  // the options not given yet
                "        words=''",
                "        for i in $options; do [[ \" ${given[*]} \" == *\" $i \"* ]] || words+=\" $i\"; done",
                "    fi",
                "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))",
                "}",
                "complete -F _cocoacasts cocoacasts",
            ]).joined(separator: "\n")
    }
}
