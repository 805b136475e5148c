import Subprocesses
import Synchronization
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the CLI reads and writes: the terminal, or a recording in tests.
///
/// Five verbs write what a person reads, each with one meaning:
/// - ``print(_:)``: a screen or data as it is — a table, JSON, a script, a value asked for;
/// - ``printFitted(_:)``: a screen of labelled lines (`status`), fitted to the terminal;
/// - ``say(_:)``: a sentence on standard output: what the command did, or what became of
///   something the user asked for;
/// - ``fail(_:style:keepingNewlines:)``: what failed, on standard error;
/// - ``notice(_:style:)``: something worth knowing although nothing failed, on standard error.
///
/// Writing never crashes: a failed write to standard output (a full disk, a closed
/// descriptor, a pipe whose reader went away) is kept as ``outputFailure`` and later
/// output is dropped, so the CLI can end with the right status.
protocol Console: AnyObject, Sendable {
    /// Whether standard output is a terminal (colour there only then).
    var isOutputTerminal: Bool { get }
    /// Whether standard error is a terminal (colour and the spinner there only then).
    var isErrorTerminal: Bool { get }
    /// The terminal's width in cells, when standard output is a terminal that says.
    var terminalColumns: Int? { get }
    /// The terminal's width in cells, when standard error is a terminal that says.
    var errorTerminalColumns: Int? { get }
    /// Whether standard input is a terminal, where a person can answer a prompt.
    var isTerminalInput: Bool { get }
    /// The `errno` of the first write to standard output that failed, if any.
    var outputFailure: Int32? { get }
    /// Writes `text` and a newline to standard output.
    func print(_ text: String)
    /// Writes `text` and a newline to standard error.
    func printError(_ text: String)
    /// Writes `text` to standard error as it is (spinner frames).
    func writeError(_ text: String)
    /// One line of standard input without its line break; `nil` at end of input.
    func readLine() -> String?
    /// Asks on the terminal with `prompt` and reads an answer without echoing it;
    /// `nil` at end of input.
    func readSecret(prompt: String) -> String?
    /// Asks on the terminal with `prompt`; `nil` at end of input.
    func ask(_ prompt: String) -> String?
}

extension Console {
    /// Says on standard error that something failed: `cocoacasts: <message>`, broken at
    /// spaces to fit a terminal (never in a pipe, where a line is a record).
    ///
    /// The one way the CLI's own messages reach standard error (with ``notice(_:style:)``):
    /// messages quote outside text — paths from the environment, file names found on disk,
    /// values the user typed, a server's words — so every character a terminal could act
    /// on is shown as a symbol, never sent. `style` draws the ellipsis the locale can show.
    func fail(_ message: String, style: TerminalStyle? = nil, keepingNewlines: Bool = false) {
        let text = TerminalText.sanitized(message, keepingNewlines: keepingNewlines)
        printError(Self.wrapped("cocoacasts: " + (style?.ellipsized(text) ?? text), to: errorTerminalColumns))
    }

    /// A secret from standard input: asked for with `prompt` and read with echo off at a
    /// terminal, else one line (from a pipe); `nil` at end of input.
    func readSecretInput(prompt: String) -> String? {
        isTerminalInput ? readSecret(prompt: prompt) : readLine()
    }

    /// Says `error`, a command line that cannot be run, on standard error: a usage error (64).
    func usage(_ error: UsageError) -> ExitCode {
        fail(error.description, keepingNewlines: true)
        return .usage
    }

    /// Says on standard output what a command did (`Signed out of …`): a sentence, not a
    /// screen, sanitized as ``fail(_:style:keepingNewlines:)`` is.
    func say(_ message: String) {
        print(Self.wrapped(TerminalText.sanitized(message), to: terminalColumns))
    }

    /// Prints a screen of labelled lines (`status`), fitted to the terminal as help is
    /// (see ``TerminalUI/TerminalText/fitted(_:to:)``); in a pipe, as it is.
    func printFitted(_ screen: String) {
        print(terminalColumns.map { TerminalText.fitted(screen, to: $0) } ?? screen)
    }

    /// Each line of `text` broken at spaces into lines of at most `columns` cells; all of it
    /// unchanged without a terminal.
    private static func wrapped(_ text: String, to columns: Int?) -> String {
        guard let columns else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { line in line.isEmpty ? [""] : TerminalText.wrapped(String(line), to: columns) }
            .joined(separator: "\n")
    }

    /// Says on standard error, dimmed when `style` draws colour, something the user may
    /// want to know although nothing failed (see ``fail(_:style:keepingNewlines:)``).
    func notice(_ message: String, style: TerminalStyle) {
        printError(
            style.dim(
                Self.wrapped(
                    "cocoacasts: " + style.ellipsized(TerminalText.sanitized(message)), to: errorTerminalColumns)))
    }
}

/// The process's real standard streams, written with `write(2)`.
final class SystemConsole: Console {
    let isOutputTerminal = isatty(STDOUT_FILENO) == 1
    let isErrorTerminal = isatty(STDERR_FILENO) == 1
    let isTerminalInput = isatty(STDIN_FILENO) == 1
    /// The first output failure, shared between the threads that print.
    private let failure = Mutex<Int32?>(nil)
    private let closedStreams: Set<Int32>

    /// Creates the console; call it before anything opens a file (see ``holdClosedStreams()``).
    init() {
        closedStreams = Self.holdClosedStreams()
    }

    var outputFailure: Int32? { failure.withLock { $0 } }

    var terminalColumns: Int? { Self.columns(of: STDOUT_FILENO) }

    var errorTerminalColumns: Int? { Self.columns(of: STDERR_FILENO) }

    private static func columns(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    func print(_ text: String) {
        var text = text
        text.withUTF8 { print(utf8: $0) }
    }

    /// Writes `utf8` and a newline, unless an earlier write failed. A line that a pipe takes
    /// whole (`PIPE_BUF`) goes in one write, so that lines of processes sharing the pipe never
    /// mix; a longer one could mix anyway, and is not copied to add its newline.
    private func print(utf8: UnsafeBufferPointer<UInt8>) {
        guard outputFailure == nil else { return }
        let error: Int32?
        if closedStreams.contains(STDOUT_FILENO) {
            error = EBADF
        } else if utf8.count < PIPE_BUF {
            error = (Array(utf8) + [UInt8(ascii: "\n")]).withUnsafeBufferPointer { Self.write($0, to: STDOUT_FILENO) }
        } else {
            error = Self.write(utf8, to: STDOUT_FILENO) ?? Self.write("\n", to: STDOUT_FILENO)
        }
        if let error { failure.withLock { $0 = $0 ?? error } }
    }

    func printError(_ text: String) {
        writeError(text + "\n")
    }

    /// Standard error has nowhere to report its own failures; the exit status still says what happened.
    func writeError(_ text: String) {
        guard !closedStreams.contains(STDERR_FILENO) else { return }
        _ = Self.write(text, to: STDERR_FILENO)
    }

    func readLine() -> String? {
        Interruption.shared.endingAtOnce { Swift.readLine(strippingNewline: true) }.map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : $0
        }
    }

    func ask(_ prompt: String) -> String? {
        writeError(prompt)
        guard let answer = readLine() else {
            writeError("\n")  // Ctrl-D leaves the cursor after the prompt
            return nil
        }
        return answer
    }

    func readSecret(prompt: String) -> String? {
        // Echo goes off before the prompt shows, so nothing typed after it is ever echoed, and back on
        // afterwards, also when the user presses Ctrl-C, which would otherwise leave a terminal that shows
        // nothing typed (see TerminalModes). Without a terminal's modes, the read goes on as it is.
        let read = {
            self.writeError(prompt)
            return Swift.readLine(strippingNewline: true)
        }
        let secret =
            TerminalModes.changed(by: { $0.c_lflag &= ~tcflag_t(ECHO) }, read) ?? Interruption.shared.endingAtOnce(read)
        writeError("\n")
        return secret
    }

    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that the process started without
    /// (`cocoacasts episodes >&-`) and returns which they were. Otherwise the next file
    /// opened — a socket, the token file — would get the number, and the output meant for
    /// the terminal would be written into it.
    private static func holdClosedStreams() -> Set<Int32> {
        var closed: Set<Int32> = []
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            closed.insert(descriptor)
            // `open` takes the lowest free number: this one, as the lower ones are open by now.
            _ = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
        }
        return closed
    }

    /// Writes all of `text`, retrying after signals; the `errno` of a failure, else `nil`.
    static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { write($0, to: descriptor) }
    }

    /// Writes all of `bytes`, retrying after signals; the `errno` of a failure, else `nil`.
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        var rest = UnsafeRawBufferPointer(bytes)
        while !rest.isEmpty {
            let count = writeBytes(descriptor, rest.baseAddress, rest.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count < 0 ? errno : EIO }
            rest = UnsafeRawBufferPointer(rebasing: rest[count...])
        }
        return nil
    }
}

/// `write(2)`, outside the type whose `write` shadows the name.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
