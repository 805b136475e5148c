import Domain
import Ports
import Presentation
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a ``ServiceCommand`` runs with, and what commands share: the spinner, a failure's
/// report, the built-in mock's notice, JSON output. A command drives its view-model and
/// renders the result: the screen on standard output, a failure's message on standard
/// error with its exit status.
@MainActor
struct CommandContext {
    let console: any Console
    let services: Services
    let appearance: Appearance
    let environment: [String: String]
    /// The failures of the positions kept on this machine said so far in this run.
    let keptPositionsFailuresSaid = SaidOnce<StoreError>()

    /// How standard output is drawn.
    var style: TerminalStyle { appearance.output }

    /// Says on standard error, as standard error draws, something worth knowing although
    /// nothing failed (see ``Console/notice(_:style:)``).
    func notice(_ message: String) {
        console.notice(message, style: appearance.error)
    }

    /// Runs `work` with the spinner; throws 130 when a signal cancelled the command meanwhile
    /// (see ``Interruption``): the command then prints nothing more.
    func withSpinner<T>(_ label: String, _ work: () async -> T) async throws(ExitCode) -> T {
        let result = await Spinner.run(appearance.error.ellipsized(label), on: console, appearance: appearance, work)
        if Task.isCancelled { throw .interrupted }
        return result
    }

    /// Says that the positions kept on this machine cannot be used, once a run: a command
    /// reads them more than once (to send them, then to show them), and one cause is said once.
    func sayTheKeptPositionsFailed(_ error: StoreError) {
        guard keptPositionsFailuresSaid.isFirst(error) else { return }
        console.fail(error.keptPositionsMessage)
    }

    /// What a failure's report ends with, after its cause and next step.
    enum Sentence {
        /// The screen's sentence (`The video could not be fetched.`).
        case screens
        /// Another, which says what became of what the user asked for.
        case instead(String)
        /// None: the caller says what became of it.
        case none
    }

    /// Prints a failure's cause and next step, then `sentence`, and returns the status the
    /// cause calls for; `operation` (about video `videoID`) is what was asked for (a 404 names
    /// it), `subject` what the user called it.
    func report(
        _ failure: ScreenFailure, on screen: APIErrorMapper.Context, asking operation: APIOperation? = nil,
        about videoID: String? = nil, subject: String? = nil, sentence: Sentence = .screens
    ) -> ExitCode {
        let request = operation.map {
            FailureText.Request(address: services.address(of: $0, videoID: videoID), subject: subject)
        }
        var text = FailureText(failure, context: screen, request: request).lines
        if case .store(let error)? = FailureText.error(of: failure).cause, error.isKeyringFailure {
            text[0] += " " + StoreError.theFileInstead
        }
        // Without a cause the screen's sentence is all there is to say of the failure itself.
        let cause = FailureText.error(of: failure).cause == nil ? text : Array(text.prefix(1))
        let lines: [String] =
            switch sentence {
            case .screens: text
            case .instead(let other): cause + [other]
            case .none: cause
            }
        for line in lines { console.fail(line, style: appearance.error) }
        return ExitCode(failure)
    }

    /// Says once per store, on the first command that sends a request, that the built-in
    /// mock API answers (dimmed on a terminal); `status` says it every time. When the mock's
    /// state file cannot record that the notice was shown, the notice shows again next time.
    func noticeTheBuiltInMock() async {
        guard services.isBuiltInMock else { return }
        let key = "cli.builtInMockNoticeShown"
        if let state = services.builtInMockState {
            do {
                if try await state.value(forKey: key) != nil { return }
            } catch {
                // The mock's state file cannot be read: the command that follows reports it; the
                // notice shows meanwhile, as it would on a first run.
            }
        }
        notice(
            "answering from the mock API built into cocoacasts, as no --base-url, "
                + "COCOACASTS_BASE_URL or config base-url was given (said once; see cocoacasts status).")
        do {
            try await services.builtInMockState?.setValue("1", forKey: key)
        } catch {
            console.fail("the mock API's state file cannot be written: \(error)")
        }
    }

    /// Prints `value` as stable JSON: sorted keys, indented, and every character a
    /// terminal could act on escaped (JSON escapes only C0 controls by itself).
    func printJSON(_ value: some Encodable) {
        Self.printJSON(value, on: console)
    }

    /// Prints `value` as stable JSON on `console` (see ``printJSON(_:)``); `asOneLine` for a
    /// stream of events, one object per line.
    static func printJSON(_ value: some Encodable, on console: any Console, asOneLine: Bool = false) {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            asOneLine
            ? [.sortedKeys, .withoutEscapingSlashes] : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The values printed are plain models, which always encode.
        var json = String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
        if json == "[\n\n]" { json = "[]" }  // Foundation pretty-prints an empty array on three lines
        console.print(TerminalText.jsonEscapingTerminalControls(json))
    }

    /// Prints the token store's failure that `model` shows, with the file as the way out
    /// when the store in use is a keyring.
    func reportStore(_ model: ProfileViewModel) -> ExitCode {
        let message =
            switch model.state {
            case .storeUnreadable(let message), .signOutFailed(let message): message
            case .checking, .signedIn, .signedOut: "the token file cannot be used"
            }
        console.fail(services.keepsTokensInAKeyring ? "\(message) \(StoreError.theFileInstead)" : message)
        return .localState
    }
}

/// What was said already, shared by the copies of the context that holds it.
@MainActor
final class SaidOnce<Said: Hashable> {
    private var said: Set<Said> = []

    /// Whether `thing` is said for the first time (it counts as said from now on).
    func isFirst(_ thing: Said) -> Bool {
        said.insert(thing).inserted
    }
}
