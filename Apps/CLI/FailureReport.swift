import Domain
import Presentation
import TerminalUI

/// A failure as the CLI tells it: its ``FailureText`` lines on standard error, and the
/// exit status the cause calls for.
struct FailureReport: Equatable {
    /// The lines to print on standard error, without the program's prefix.
    let lines: [String]
    let status: ExitCode

    /// The report of `failure` on the screen of `context`, for `request` when it is known.
    init(_ failure: Failure, context: APIErrorMapper.Context, request: FailureText.Request? = nil) {
        lines = FailureText(failure, context: context, request: request).lines
        status = ExitCode(FailureText.error(of: failure))
    }
}
