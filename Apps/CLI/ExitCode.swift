import Domain
import Presentation
import TerminalUI

/// The exit statuses of `cocoacasts`, documented in `--help`, the manual and the CLI's catalog
/// ("Failures and exit statuses"). The status follows a failure's cause, not only its kind:
/// a TLS failure is "unreachable" (69) whatever the screen says, a locked token file 74, a
/// refused API token 77.
///
/// Thrown, it ends a command whose cause was said already: a failure reported, or a signal.
enum ExitCode: Int32, CaseIterable, Error {
    /// It worked.
    case success = 0
    /// The request failed: the server answered with an error or something unreadable.
    case failure = 1
    /// The command line is wrong (sysexits' EX_USAGE).
    case usage = 64
    /// The server could not be reached (EX_UNAVAILABLE).
    case unreachable = 69
    /// The token file or the output cannot be used (EX_IOERR).
    case localState = 74
    /// Not signed in, or the credentials were refused (EX_NOPERM).
    case unauthorized = 77
    /// The terminal closed (128 + SIGHUP): ended as Ctrl-C ends a command.
    case hungUp = 129
    /// Interrupted with Ctrl-C (128 + SIGINT).
    case interrupted = 130
    /// Whoever read the output went away (a closed pipe): 128 + SIGPIPE, as a shell
    /// reports a program that SIGPIPE ended.
    case outputClosed = 141
    /// Ended by SIGTERM (128 + SIGTERM), after a token refresh in flight was saved.
    case terminated = 143

    /// No player was found, or it could not be started: unavailable, as a server that cannot
    /// be reached is (EX_UNAVAILABLE), and said on the same line of the table.
    static let noPlayer = ExitCode.unreachable

    /// The status `body` returns, or throws.
    @MainActor static func of(_ body: () async throws(ExitCode) -> ExitCode) async -> ExitCode {
        do {
            return try await body()
        } catch {
            return error
        }
    }

    /// The status for a screen's failure: a store's failure is the cause of an unknown one.
    init(_ failure: ScreenFailure) {
        self.init(FailureText.error(of: failure))
    }

    /// The status for an API error: by its cause, else by its kind.
    init(_ error: APIError) {
        if error.kind == .cancelled {
            self = .interrupted
            return
        }
        switch error.cause {
        case .store:
            self = .localState
        case .cannotConnect, .hostNotFound, .connectionLost, .offline, .nothingSaved, .timedOut, .untrustedCertificate,
            .tlsFailed:
            self = .unreachable
        case .notSignedIn, .sessionEnded:
            self = .unauthorized
        case .status(let status, _) where [401, 403, 407].contains(status):
            self = .unauthorized
        case .status, .tooLarge, .undecodable, .redirectRefused, .invalidRequest, .transport:
            self = .failure
        case nil:
            switch error.kind {
            case .unauthorized: self = .unauthorized
            case .unreachable: self = .unreachable
            case .unknown, .failedRequest, .invalidResponse, .cancelled: self = .failure
            }
        }
    }

    /// One line of the table in `--help`.
    var summary: String {
        switch self {
        case .success: "success"
        case .failure: "the request failed (server error, unreadable answer, unknown episode), or the player did"
        case .usage: "wrong usage: unknown command or option, missing or invalid value"
        case .unreachable:
            "the server could not be reached (refused, timed out, TLS); status: not checked; no player or ffmpeg"
        case .localState: "the token store (file or keyring), the config file or the output cannot be used"
        case .unauthorized: "not signed in (status says so too), or the password, session or API token refused"
        case .hungUp: "the terminal closed (SIGHUP), which ends a command as Ctrl-C does"
        case .interrupted:
            "Ctrl-C (a refresh under way is saved first; a second Ctrl-C ends at once, watch keeping the position here)"
        case .terminated: "SIGTERM: a token refresh already sent is saved first"
        case .outputClosed: "the output was closed (a pipe whose reader went away)"
        }
    }
}
