import Foundation
import PortContracts
import TestSupport

/// A program on a pseudo-terminal (python3's `pty`), as a person would run it.
enum PseudoTerminal {
    /// How signals reach the program, as a person or a tool sends them.
    enum Delivery: String, Sendable {
        /// The character typed at the terminal (Ctrl-C for SIGINT, Ctrl-\ for SIGQUIT): the
        /// terminal signals its whole foreground process group, the player included.
        case typed
        /// `kill` to the process group, as `timeout` and a closing terminal's shell do.
        case group
        /// `kill` to the program alone: its children hear nothing.
        case process
    }

    /// Signals to send once the terminal showed `after`, the first `delay` seconds later, each
    /// next one `gap` seconds after the one before.
    struct Signals: Sendable {
        var after: String
        var delay: Double
        var names: [String]
        var gap: Double = 0
        var delivery: Delivery
    }

    /// Starts argv[2…] on a pty `COLUMNS_OF_PTY` wide with env from argv[1] (JSON),
    /// standard error on `/dev/null` when `STDERR_TO_NULL` is set, answers prompts from the
    /// `answers` list in order, one answer per prompt shown (`<Ctrl-D>` ends the input,
    /// `<keys>…` types what follows without Enter, `<columns>N` makes the terminal N wide),
    /// sends the signals `SIGNALS` describes (JSON, see ``Signals``), and prints everything
    /// the terminal showed once the program closes it (the caller's timeout bounds the
    /// wait). Standard error says `modes: same` or `modes: changed`: whether the terminal's
    /// modes (`stty -g`) at the end are those it started with.
    private static let driver = #"""
        import fcntl, json, os, pty, select, signal, struct, sys, termios, time
        env, argv, answers = json.loads(sys.argv[1]), sys.argv[2:], json.loads(os.environ["ANSWERS"])
        signals = json.loads(os.environ.get("SIGNALS", "null"))
        # The program starts only once the modes it must end with are read: a program quick to
        # change them could otherwise do so before a busy driver reads them.
        ready_read, ready_write = os.pipe()
        pid, fd = pty.fork()
        if pid == 0:
            os.close(ready_write)
            os.read(ready_read, 1)
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, int(os.environ["COLUMNS_OF_PTY"]), 0, 0))
            if os.environ.get("STDERR_TO_NULL"):
                os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
            os.execve(argv[0], argv, env)
        os.close(ready_read)
        modes = termios.tcgetattr(fd)
        os.write(ready_write, b"x")
        os.close(ready_write)
        typed = {"SIGINT": b"\x03", "SIGQUIT": b"\x1c"}
        shown, seen_at, sent = b"", None, 0
        while True:
            if signals and seen_at is None and signals["after"].encode() in shown:
                seen_at = time.monotonic()
            if signals and seen_at is not None and sent < len(signals["names"]) \
                    and time.monotonic() >= seen_at + signals["delay"] + sent * signals["gap"]:
                name = signals["names"][sent]
                if signals["delivery"] == "typed":
                    # A typed ^C flushes what the terminal holds unread (ISIG without NOFLSH): read it
                    # first, as a terminal emulator does at once, however late this driver runs.
                    while select.select([fd], [], [], 0)[0]:
                        try:
                            chunk = os.read(fd, 4096)
                        except OSError:
                            chunk = b""
                        if not chunk:
                            break
                        shown += chunk
                    os.write(fd, typed[name])
                elif signals["delivery"] == "group":
                    os.killpg(pid, getattr(signal, name))
                else:
                    os.kill(pid, getattr(signal, name))
                sent += 1
            ready, _, _ = select.select([fd], [], [], 0.02)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
            for prompt, answer in list(answers):
                if shown.endswith(prompt.encode()):
                    if answer == "<Ctrl-D>":
                        os.write(fd, b"\x04")
                    elif answer.startswith("<keys>"):
                        os.write(fd, answer[len("<keys>"):].encode())
                    elif answer.startswith("<columns>"):
                        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, int(answer[len("<columns>"):]), 0, 0))
                        os.killpg(pid, signal.SIGWINCH)
                    else:
                        os.write(fd, (answer + "\n").encode())
                    answers.remove([prompt, answer])
                    break
        _, status = os.waitpid(pid, 0)
        sys.stderr.write("modes: same\n" if termios.tcgetattr(fd) == modes else "modes: changed\n")
        sys.stdout.write(shown.decode("utf-8", "replace"))
        code = os.waitstatus_to_exitcode(status)
        sys.exit(128 - code if code < 0 else code)
        """#

    /// Runs `argv` on a terminal `columns` wide with exactly `environment`, answering the
    /// prompts in `answers` (pairs of prompt and answer, each used once, in order) and
    /// sending `signals`; what the terminal showed is the outcome's standard output, its
    /// status the program's (128 + the number for a signal that killed it), and its standard
    /// error says whether the terminal's modes ended as they began.
    static func run(
        _ argv: [String], environment: [String: String], answers: [[String]] = [], columns: Int = 80,
        stderrToNull: Bool = false, signals: Signals? = nil, timeout: Duration
    ) async throws -> ChildProcess.Outcome {
        let encodedEnvironment = String(decoding: try JSONEncoder().encode(environment), as: UTF8.self)
        let encodedAnswers = String(decoding: try JSONEncoder().encode(answers), as: UTF8.self)
        var variables = ["ANSWERS=\(encodedAnswers)", "COLUMNS_OF_PTY=\(columns)"]
        if stderrToNull { variables.append("STDERR_TO_NULL=1") }
        if let signals {
            let description: [String: Any] = [
                "after": signals.after, "delay": signals.delay, "names": signals.names, "gap": signals.gap,
                "delivery": signals.delivery.rawValue,
            ]
            let encoded = try JSONSerialization.data(withJSONObject: description)
            variables.append("SIGNALS=" + String(decoding: encoded, as: UTF8.self))
        }
        return try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            variables + ["python3", "-c", driver, encodedEnvironment] + argv, timeout: timeout)
    }
}
