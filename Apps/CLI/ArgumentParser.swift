import TerminalUI

/// A small hand-written parser for `cocoacasts [options] <command> [arguments]`.
///
/// Options may come before or after the command, as `--name value` or `--name=value`;
/// `--` ends the options. Every mistake is a ``UsageError`` that says what to do.
struct ArgumentParser {
    /// An option: a flag, or an option with a value when `valueName` is set.
    struct Option: Equatable {
        let name: String
        let valueName: String?
        let summary: String

        var isFlag: Bool { valueName == nil }
    }

    /// A command and what it accepts.
    struct Command {
        let name: String
        let arguments: [String]
        let options: [Option]
        let summary: String
    }

    /// What the command line said.
    struct Parsed: Equatable {
        var command: String?
        var options: [String: String] = [:]
        var arguments: [String] = []

        func flag(_ name: String) -> Bool { options[name] != nil }
    }

    let globalOptions: [Option]
    let commands: [Command]

    func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var parsed = Parsed()
        var remaining = arguments[...]
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                try take(positional: argument, into: &parsed)
            } else if argument == "--" {
                optionsEnded = true
            } else {
                try take(option: argument, from: &remaining, into: &parsed)
            }
        }
        return parsed
    }

    private func take(positional argument: String, into parsed: inout Parsed) throws(UsageError) {
        guard parsed.command != nil else {
            guard commands.contains(where: { $0.name == argument }) else {
                throw .unknownCommand(argument, suggestion: Suggestion.closest(to: argument, in: commands.map(\.name)))
            }
            parsed.command = argument
            return
        }
        parsed.arguments.append(argument)
    }

    private func take(option argument: String, from remaining: inout ArraySlice<String>, into parsed: inout Parsed)
        throws(UsageError)
    {
        let (name, inlineValue) = Self.split(argument == "-h" ? "--help" : argument)
        let known = globalOptions + (commands.first { $0.name == parsed.command }?.options ?? [])
        guard let option = known.first(where: { $0.name == name }) else {
            let everything = globalOptions + commands.flatMap(\.options)
            if let elsewhere = everything.first(where: { $0.name == name }) {
                throw .misplacedOption(elsewhere.name, command: parsed.command)
            }
            throw .unknownOption(name, suggestion: Suggestion.closest(to: name, in: known.map(\.name)))
        }
        if option.isFlag {
            guard inlineValue == nil else { throw .unexpectedValue(name) }
            parsed.options[name] = ""
        } else {
            guard let value = inlineValue ?? remaining.popFirst(), inlineValue != nil || !value.hasPrefix("--")
            else { throw .missingValue(name, valueName: option.valueName ?? "VALUE") }
            parsed.options[name] = value
        }
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
