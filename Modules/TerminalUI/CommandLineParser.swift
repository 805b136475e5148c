/// The parser of both apps' command lines, `program [options] <command> [arguments]`.
///
/// Options may come before or after the command, as `--name value` or `--name=value`;
/// an option of a command may come before it too (`cocoacasts --json episodes`); `--`
/// ends the options. Every mistake is a ``CommandLineError`` that says what to do. An app
/// declares each option once, as an ``Option`` value, and reads the parsed line by it.
public struct CommandLineParser: Sendable {
    /// An option: a flag, or an option with a value when `valueName` is set.
    public struct Option: Equatable, Sendable {
        public let name: String
        public let valueName: String?
        public let summary: String
        /// The values it accepts, when they are a fixed few (for completions and checks).
        public var choices: [String]
        /// Whether a value outside ``choices`` is accepted too: they are then the values
        /// completions offer, and the command checks what it is given.
        public var acceptsOthers: Bool
        /// What a wrong value is told it should be, when the list of choices alone is not enough.
        public var expected: String?
        /// The short flag people type by habit for it (`-h`), if any.
        public var short: String?

        public init(
            name: String, valueName: String?, summary: String, choices: [String] = [], acceptsOthers: Bool = false,
            expected: String? = nil, short: String? = nil
        ) {
            self.name = name
            self.valueName = valueName
            self.summary = summary
            self.choices = choices
            self.acceptsOthers = acceptsOthers
            self.expected = expected
            self.short = short
        }

        public var isFlag: Bool { valueName == nil }
    }

    /// A command and what it accepts.
    public struct CommandSpec: Sendable {
        public let name: String
        public var aliases: [String]
        /// Argument names as usage shows them; `[name]` is optional.
        public let arguments: [String]
        public let options: [Option]
        public let summary: String
        /// Command lines and what each does, for help and the manual.
        public var examples: [(command: String, effect: String)]
        /// The values each argument accepts, when they are a fixed few (for completions and checks).
        public var argumentChoices: [[String]]
        /// The values the last argument takes by the one before it (`config set KEY VALUE`): for
        /// each value of that argument, its choices, or `[]` for a file name (for completions).
        public var lastArgumentByPrevious: [String: [String]]

        public init(
            name: String, aliases: [String] = [], arguments: [String], options: [Option], summary: String,
            examples: [(command: String, effect: String)] = [], argumentChoices: [[String]] = [],
            lastArgumentByPrevious: [String: [String]] = [:]
        ) {
            self.name = name
            self.aliases = aliases
            self.arguments = arguments
            self.options = options
            self.summary = summary
            self.examples = examples
            self.argumentChoices = argumentChoices
            self.lastArgumentByPrevious = lastArgumentByPrevious
        }

        /// The command's usage line, of `program`.
        public func usage(of program: String) -> String {
            ([program, name] + arguments).joined(separator: " ") + (options.isEmpty ? "" : " [options]")
        }

        /// How many arguments it needs (the others are optional).
        public var requiredArgumentCount: Int { arguments.filter { !$0.hasPrefix("[") }.count }

        /// Whether its last argument takes any number of words (`[text...]`).
        public var takesMoreWords: Bool { arguments.last?.hasSuffix("...]") == true }
    }

    /// What the command line said; an option is read by the value that declares it.
    public struct Parsed: Equatable, Sendable {
        /// The command's name (an alias is resolved to it).
        public var command: String?
        /// The options given, by name; a flag's value is empty.
        public fileprivate(set) var values: [String: String] = [:]
        public var arguments: [String] = []

        /// The value given for `option`, or `nil` when it was not given.
        public func value(_ option: Option) -> String? { values[option.name] }

        /// Whether `option` was given.
        public func has(_ option: Option) -> Bool { values[option.name] != nil }
    }

    public let globalOptions: [Option]
    public let commands: [CommandSpec]

    public init(globalOptions: [Option], commands: [CommandSpec]) {
        self.globalOptions = globalOptions
        self.commands = commands
    }

    public func parse(_ arguments: [String]) throws(CommandLineError) -> Parsed {
        var parsed = Parsed()
        var early: [String] = []  // options given before the command that only a command has
        var remaining = arguments[...]
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                try take(positional: argument, into: &parsed)
            } else if argument == "--" {
                optionsEnded = true
            } else {
                try take(option: argument, from: &remaining, into: &parsed, early: &early)
            }
        }
        for name in early where !options(of: parsed.command).contains(where: { $0.name == name }) {
            throw .misplacedOption(name, command: parsed.command)
        }
        return parsed
    }

    private func take(positional argument: String, into parsed: inout Parsed) throws(CommandLineError) {
        if parsed.command != nil { return parsed.arguments.append(argument) }
        guard let command = commands.first(where: { $0.name == argument || $0.aliases.contains(argument) }) else {
            let names = commands.flatMap { [$0.name] + $0.aliases }
            throw .unknownCommand(argument, suggestion: Suggestion.closest(to: argument, in: names))
        }
        parsed.command = command.name
    }

    private func take(
        option argument: String, from remaining: inout ArraySlice<String>, into parsed: inout Parsed,
        early: inout [String]
    ) throws(CommandLineError) {
        let everything = globalOptions + commands.flatMap(\.options)
        let (name, inlineValue) = Self.split(everything.first { $0.short == argument }?.name ?? argument)
        let known = options(of: parsed.command)
        guard let option = known.first(where: { $0.name == name }) else {
            if let elsewhere = everything.first(where: { $0.name == name }) {
                guard parsed.command == nil else { throw .misplacedOption(elsewhere.name, command: parsed.command) }
                early.append(name)  // checked once the command is known
                return try store(elsewhere, inlineValue, from: &remaining, into: &parsed)
            }
            throw .unknownOption(name, suggestion: Self.suggestion(for: name, in: known.map(\.name)))
        }
        try store(option, inlineValue, from: &remaining, into: &parsed)
    }

    private func store(
        _ option: Option, _ inlineValue: String?, from remaining: inout ArraySlice<String>, into parsed: inout Parsed
    ) throws(CommandLineError) {
        if option.isFlag {
            guard inlineValue == nil else { throw .unexpectedValue(option.name) }
            parsed.values[option.name] = ""
            return
        }
        guard let value = inlineValue ?? remaining.popFirst(), inlineValue != nil || !value.hasPrefix("--")
        else { throw .missingValue(option.name, valueName: option.valueName ?? "VALUE") }
        guard option.choices.isEmpty || option.acceptsOthers || option.choices.contains(value) else {
            throw .invalidValue(
                option.name, value: value, expected: option.expected ?? option.choices.joined(separator: ", "))
        }
        parsed.values[option.name] = value
    }

    private func options(of command: String?) -> [Option] {
        globalOptions + (commands.first { $0.name == command }?.options ?? [])
    }

    /// The option `name` was probably meant to be: for a short flag (`-j`), the first option
    /// that starts with its letter (`--json`); else the closest name.
    private static func suggestion(for name: String, in names: [String]) -> String? {
        let isShort = name.count == 2 && name.first == "-" && name.last != "-"
        guard isShort, let letter = name.last else { return Suggestion.closest(to: name, in: names) }
        return names.first { $0.dropFirst(2).first == letter }
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
