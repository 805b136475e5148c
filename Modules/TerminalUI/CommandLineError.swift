/// A command line ``CommandLineParser`` cannot read, with the hint that fixes it.
public enum CommandLineError: Error, Equatable, Sendable {
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, suggestion: String?)
    /// An option given where its command does not take it; `command` is `nil` before any command.
    case misplacedOption(String, command: String?)
    case missingValue(String, valueName: String)
    case unexpectedValue(String)
    case invalidValue(String, value: String, expected: String)

    /// What is wrong and what to do, said by `program`.
    public func description(of program: String) -> String {
        switch self {
        case let .unknownCommand(name, suggestion):
            "unknown command '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "; see \(program) --help")
        case let .unknownOption(name, suggestion):
            "unknown option '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "; see --help")
        case let .misplacedOption(name, command):
            "'\(name)' is not an option of " + (command.map { "'\($0)'" } ?? "\(program) without a command")
                + "; see --help"
        case let .missingValue(name, valueName): "'\(name)' needs a value: \(name) \(valueName)"
        case .unexpectedValue(let name): "'\(name)' takes no value"
        case let .invalidValue(name, value, expected): "'\(value)' is not a valid \(name): expected \(expected)"
        }
    }
}
