import TerminalUI

extension Completion {
    /// `complete -c`, each completion under the condition `__cocoacasts_at COMMAND
    /// [ARGUMENT]`: a function that walks the words before the cursor as the parser does
    /// (fish's own `__fish_seen_subcommand_from` would take `--color never`'s value for a
    /// command, and cannot tell the first argument from the second).
    static var fish: String {
        let values = Set(valueOptions.map(\.name)).sorted().joined(separator: " ")
        let aliases = Grammar.commands.filter { !$0.aliases.isEmpty }.map {
            "        case \($0.aliases.joined(separator: " ")); set command \($0.name)"
        }
        let commands = Grammar.commands.flatMap { command in
            names(command).map {
                "complete -c cocoacasts -n '__cocoacasts_at \"\"' -a \($0) -d '\(quoted(command.summary))'"
            }
        }
        let perCommand = Grammar.commands.flatMap { command in
            command.options.map { fishLine($0, condition: "__cocoacasts_at \(command.name)") }
                + command.argumentChoices.enumerated().map {
                    "complete -c cocoacasts -n '__cocoacasts_at \(command.name) \($0.offset)'"
                        + " -a '\($0.element.joined(separator: " "))'"
                }
        }
        let byPrevious = Grammar.commands.flatMap { command in
            lastArgumentValues(command).map { previous, values in
                "complete -c cocoacasts -n '__cocoacasts_at \(command.name) \(command.arguments.count - 1) \(previous)'"
                    + (values.isEmpty ? " -F" : " -a '\(values.joined(separator: " "))'")
            }
        }
        return
            ([
                "# cocoacasts completion for fish: cocoacasts completion fish | source",
                "function __cocoacasts_at -d 'whether the words before the cursor are COMMAND, ARGUMENT arguments, the last PREVIOUS'",
                "    set -l words (commandline -opc)",
                "    set -e words[1]",
                "    set -l command ''",
                "    set -l argument 0",
                "    set -l previous ''",
                "    set -l skip 0",
                "    for word in $words",
                "        if test $skip = 1",
                "            set skip 0",
                "        else if contains -- $word \(values)",
                "            set skip 1",
                "        else if string match -q -- '-*' $word",
                "            continue",
                "        else if test -z \"$command\"",
                "            set command $word",
                "        else",
                "            set argument (math $argument + 1)",
                "            set previous $word",
                "        end",
                "    end",
                "    switch $command",
            ] + aliases + [
                "    end",
                "    test \"$command\" = \"$argv[1]\"; and begin; test (count $argv) -lt 2; or test $argument = $argv[2]; end",
                "    and begin; test (count $argv) -lt 3; or test \"$previous\" = $argv[3]; end",
                "end",
                "complete -c cocoacasts -f",
            ] + commands + Grammar.globalOptions.map { fishLine($0, condition: nil) } + perCommand + byPrevious)
            .joined(separator: "\n")
    }

    private static func fishLine(_ option: CommandLineParser.Option, condition: String?) -> String {
        let value =
            option.isFlag
            ? ""
            : takesFile(option)
                ? " -r -F" : option.choices.isEmpty ? " -x" : " -x -a '\(option.choices.joined(separator: " "))'"
        // An option given already is not offered again; its value is, right after it.
        let name = option.name.dropFirst(2)
        let notGiven =
            option.isFlag
            ? "not __fish_contains_opt \(name)"
            : "begin; not __fish_contains_opt \(name); or test (commandline -opc)[-1] = \(option.name); end"
        return "complete -c cocoacasts -n '" + (condition.map { "\($0); and " } ?? "") + notGiven + "'"
            + " -l \(option.name.dropFirst(2))" + value + " -d '\(quoted(option.summary))'"
    }
}
