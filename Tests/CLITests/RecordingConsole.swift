import Synchronization

@testable import cocoacasts

/// A console that records what the CLI prints and feeds it scripted input: from a pipe,
/// or, with `isTerminalInput`, typed at prompts (a `nil` answer is Ctrl-D).
final class RecordingConsole: Console {
    private struct State {
        var stdout = ""
        var stderr = ""
        var prompts: [String] = []
        var input: [String?]
        var outputFailure: Int32?
    }

    private let state: Mutex<State>
    private let failingOutput: Int32?
    let isOutputTerminal: Bool
    let isErrorTerminal: Bool
    let terminalColumns: Int?
    let errorTerminalColumns: Int?
    let isTerminalInput: Bool

    /// Creates a console; with `failingOutput`, every write to standard output fails with
    /// that `errno`; the terminal flags and width say what the CLI should believe the streams are.
    init(
        input: [String?] = [], isTerminalInput: Bool = false, failingOutput: Int32? = nil,
        isOutputTerminal: Bool = false, isErrorTerminal: Bool = false, terminalColumns: Int? = nil,
        errorTerminalColumns: Int? = nil
    ) {
        state = Mutex(State(input: input))
        self.isTerminalInput = isTerminalInput
        self.failingOutput = failingOutput
        self.isOutputTerminal = isOutputTerminal
        self.isErrorTerminal = isErrorTerminal
        self.terminalColumns = terminalColumns
        self.errorTerminalColumns = errorTerminalColumns
    }

    var stdout: String { state.withLock { $0.stdout } }
    var stderr: String { state.withLock { $0.stderr } }
    /// The prompts shown, in order.
    var prompts: [String] { state.withLock { $0.prompts } }
    var outputFailure: Int32? { state.withLock { $0.outputFailure } }

    func print(_ text: String) {
        state.withLock { state in
            if let failingOutput {
                state.outputFailure = state.outputFailure ?? failingOutput
            } else {
                state.stdout += text + "\n"
            }
        }
    }

    func printError(_ text: String) { state.withLock { $0.stderr += text + "\n" } }
    func writeError(_ text: String) { state.withLock { $0.stderr += text } }
    func readLine() -> String? { state.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() } }
    func readSecret(prompt: String) -> String? { answer(prompt) }
    func ask(_ prompt: String) -> String? { answer(prompt) }

    private func answer(_ prompt: String) -> String? {
        state.withLock { state in
            state.prompts.append(prompt)
            return state.input.isEmpty ? nil : state.input.removeFirst()
        }
    }
}
