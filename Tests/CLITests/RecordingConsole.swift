import Synchronization

@testable import cocoacasts

/// A console that records what the CLI prints and feeds it scripted input.
final class RecordingConsole: Console {
    private struct State {
        var stdout = ""
        var stderr = ""
        var input: [String]
    }

    private let state: Mutex<State>
    let isInteractive = false

    init(input: [String] = []) {
        state = Mutex(State(input: input))
    }

    var stdout: String { state.withLock { $0.stdout } }
    var stderr: String { state.withLock { $0.stderr } }

    func print(_ text: String) { state.withLock { $0.stdout += text + "\n" } }
    func printError(_ text: String) { state.withLock { $0.stderr += text + "\n" } }
    func writeError(_ text: String) { state.withLock { $0.stderr += text } }
    func readLine() -> String? { state.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() } }
    func readSecret(prompt: String) -> String? { nil }
    func ask(_ prompt: String) -> String? { nil }
}
