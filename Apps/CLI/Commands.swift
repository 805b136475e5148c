import Domain
import Foundation
import Ports
import Presentation
import TerminalUI

/// Runs each command through its view-model and renders the result: the screen on
/// standard output, a failure's message on standard error with its exit status.
@MainActor
struct Commands {
    let console: any Console
    let services: Services
    let style: TerminalStyle
    let environment: [String: String]

    func run(_ command: Invocation.Command) async -> ExitCode {
        switch command {
        case .signIn(let email, let passwordFromStdin): await signIn(email: email, passwordFromStdin: passwordFromStdin)
        case .signOut: await signOut()
        case .status(let json): await status(json: json)
        case .episodes(let json): await episodes(json: json)
        case .episode(let id, let json): await episode(id: id, json: json)
        case .video(let reference, let json): await video(reference: reference, json: json)
        case .progress(let videoID, let action, let json): await progress(videoID: videoID, action: action, json: json)
        case .help, .version: .success
        }
    }

    /// Runs `work` with the spinner; `false` when a signal cancelled the command meanwhile
    /// (see ``Interruption``): the command then prints nothing more.
    func load(_ label: String, _ work: () async -> Void) async -> Bool {
        await Spinner.run(label, on: console, work)
        return !Task.isCancelled
    }

    /// Prints a failure's sentence and its cause, and returns the status the cause calls for.
    func report(_ failure: Failure, context: APIErrorMapper.Context) -> ExitCode {
        let report = FailureReport(failure, context: context)
        for line in report.lines { console.printError("cocoacasts: " + TerminalText.sanitized(line)) }
        return report.status
    }

    /// Prints `value` as stable JSON: sorted keys, indented, and every character a
    /// terminal could act on escaped (JSON escapes only C0 controls by itself).
    func printJSON(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The values printed are plain models, which always encode.
        let json = String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
        console.print(TerminalText.jsonEscapingTerminalControls(json))
    }
}
