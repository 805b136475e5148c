import Domain

/// A command line that cannot be run, with the hint that fixes it.
enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, suggestion: String?)
    case misplacedOption(String, command: String?)
    case missingValue(String, valueName: String)
    case unexpectedValue(String)
    case missingArgument(String, usage: String)
    case unexpectedArgument(String)
    case invalidValue(String, value: String, expected: String)
    case conflictingOptions(String, String)
    case passwordOnCommandLine
    case noPassword
    case noEmail
    case endOfInput(String)
    case emptyPassword
    case emptyAPIToken
    /// `--set typed` is past the video's end (`duration` seconds); said in the form typed.
    case beyondTheVideo(typed: String, duration: Int)

    var description: String {
        switch self {
        case let .unknownCommand(name, suggestion):
            "unknown command '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "; see cocoacasts --help")
        case let .unknownOption(name, suggestion):
            "unknown option '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "; see --help")
        case let .misplacedOption(name, command):
            "'\(name)' is not an option of " + (command.map { "'\($0)'" } ?? "cocoacasts without a command")
                + "; see --help"
        case let .missingValue(name, valueName): "'\(name)' needs a value: \(name) \(valueName)"
        case .unexpectedValue(let name): "'\(name)' takes no value"
        case let .missingArgument(name, usage): "missing \(name)\nusage: \(usage)"
        case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
        case let .invalidValue(name, value, expected): "'\(value)' is not a valid \(name): expected \(expected)"
        case let .conflictingOptions(first, second): "\(first) and \(second) cannot be used together"
        case .passwordOnCommandLine:
            "the password is never taken from the command line, where other users can see it; "
                + "use --password-stdin or COCOACASTS_PASSWORD, or type it at the prompt"
        case .noPassword:
            "no password: pipe it with --password-stdin or set COCOACASTS_PASSWORD (stdin is not a terminal)"
        case .noEmail: "no e-mail address: pass --email (stdin is not a terminal)"
        case .endOfInput(let what): "no \(what) given (end of input); nothing was sent"
        case .emptyPassword: "the password is empty; nothing was sent"
        case .emptyAPIToken: "the API token read from standard input is empty; nothing was sent"
        case let .beyondTheVideo(typed, duration):
            "--set \(typed) is beyond the end of the video, which is \(Self.time(duration, as: typed)) long; "
                + "expected 0 to \(Self.time(duration, as: typed)); nothing was saved"
        }
    }

    /// `seconds` in the form of `typed`: `513 s` for seconds, `8:33` for `m:ss` or `h:mm:ss`.
    private static func time(_ seconds: Int, as typed: String) -> String {
        typed.contains(":") ? VideoDuration.format(seconds: seconds) : "\(seconds) s"
    }
}
