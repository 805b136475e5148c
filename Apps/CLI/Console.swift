import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the CLI reads and writes: the terminal, or a recording in tests.
protocol Console: AnyObject, Sendable {
    /// Whether standard output is a terminal (colour and spinners only then).
    var isInteractive: Bool { get }
    /// Writes `text` and a newline to standard output.
    func print(_ text: String)
    /// Writes `text` and a newline to standard error.
    func printError(_ text: String)
    /// Writes `text` to standard error as it is (spinner frames).
    func writeError(_ text: String)
    /// One line of standard input without its line break; `nil` at end of input.
    func readLine() -> String?
    /// Asks on the terminal with `prompt` and reads an answer without echoing it;
    /// `nil` when there is no terminal.
    func readSecret(prompt: String) -> String?
    /// Asks on the terminal with `prompt`; `nil` when stdin is not a terminal.
    func ask(_ prompt: String) -> String?
}

/// The process's real standard streams.
final class SystemConsole: Console {
    let isInteractive = isatty(STDOUT_FILENO) == 1 && isatty(STDERR_FILENO) == 1

    func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func printError(_ text: String) {
        writeError(text + "\n")
    }

    func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    func readLine() -> String? {
        Swift.readLine(strippingNewline: true).map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
    }

    func ask(_ prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        writeError(prompt)
        return readLine()
    }

    func readSecret(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        // Echo goes off before the prompt shows, so nothing typed after it is ever echoed.
        let secret = EchoOff.whileReading {
            writeError(prompt)
            return Swift.readLine(strippingNewline: true)
        }
        writeError("\n")
        return secret
    }
}
