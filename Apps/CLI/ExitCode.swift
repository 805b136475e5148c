import Domain
import Presentation

/// The exit statuses of `cocoacasts`, documented in `--help` and the README.
enum ExitCode: Int32, CaseIterable {
    /// It worked.
    case success = 0
    /// The request failed: the server answered with an error or something unreadable.
    case failure = 1
    /// The command line is wrong (sysexits' EX_USAGE).
    case usage = 64
    /// The server could not be reached (EX_UNAVAILABLE).
    case unreachable = 69
    /// The local token file cannot be used: unreadable, corrupt, too open, locked (EX_IOERR).
    case localState = 74
    /// Not signed in, or the credentials were refused (EX_NOPERM).
    case unauthorized = 77
    /// Interrupted with Ctrl-C.
    case interrupted = 130

    /// The status for a screen's failure.
    init(_ failure: Failure) {
        switch failure {
        case .api(.unauthorized): self = .unauthorized
        case .api(.unreachable): self = .unreachable
        case .api(.cancelled): self = .interrupted
        case .api(.unknown), .api(.failedRequest), .api(.invalidResponse): self = .failure
        case .store: self = .localState
        }
    }

    /// One line of the table in `--help`.
    var summary: String {
        switch self {
        case .success: "success"
        case .failure: "the request failed (server error, unreadable answer, unknown episode)"
        case .usage: "wrong usage: unknown command or option, missing or invalid value"
        case .unreachable: "the server could not be reached"
        case .localState: "the token file cannot be used (corrupt, readable by others, locked)"
        case .unauthorized: "not signed in, or the e-mail/password or token was refused"
        case .interrupted: "interrupted"
        }
    }
}
