import Domain
import TerminalUI

/// A command line that cannot be run, with the hint that fixes it.
enum UsageError: Error, Equatable, CustomStringConvertible {
    /// What the parser could not read.
    case commandLine(CommandLineError)
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
        case .commandLine(let error): error.description(of: Grammar.program)
        case let .missingArgument(name, usage): "missing \(name)\nusage: \(usage)"
        case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
        case let .invalidValue(name, value, expected):
            CommandLineError.invalidValue(name, value: value, expected: expected).description(of: Grammar.program)
        case let .conflictingOptions(first, second): "\(first) and \(second) cannot be used together"
        case .passwordOnCommandLine:
            "the password is never taken from the command line, where other users can see it; "
                + "use \(SignInCommand.passwordStdin.name) or \(SignInCommand.passwordVariable), or type it at the prompt"
        case .noPassword:
            "no password: pipe it with \(SignInCommand.passwordStdin.name) or set \(SignInCommand.passwordVariable) "
                + "(stdin is not a terminal)"
        case .noEmail: "no e-mail address: pass \(SignInCommand.email.name) (stdin is not a terminal)"
        case .endOfInput(let what): "no \(what) given (end of input); nothing was sent"
        case .emptyPassword: "the password is empty; nothing was sent"
        case .emptyAPIToken: "the API token read from standard input is empty; nothing was sent"
        case let .beyondTheVideo(typed, duration):
            "\(ProgressCommand.set.option.name) \(typed) is beyond the end of the video, which is \(Self.time(duration, as: typed)) long; "
                + "expected 0 to \(Self.time(duration, as: typed)); nothing was saved"
        }
    }

    /// `seconds` in the form of `typed`: `513 s` for seconds, `8:33` for `m:ss` or `h:mm:ss`.
    private static func time(_ seconds: Int, as typed: String) -> String {
        typed.contains(":") ? VideoDuration.format(seconds: seconds) : "\(seconds) s"
    }
}
