import Foundation
import TestSupport

/// A program on a pseudo-terminal (python3's `pty`), as a person would run it.
enum PseudoTerminal {
    /// Starts argv[2…] on a pty `COLUMNS_OF_PTY` wide with env from argv[1] (JSON),
    /// standard error on `/dev/null` when `STDERR_TO_NULL` is set, answers prompts from the
    /// `answers` list in order, one answer per prompt shown (`<Ctrl-D>` ends the input), and prints everything the terminal showed
    /// once the program closes it (the caller's timeout bounds the wait).
    private static let driver = #"""
        import fcntl, json, os, pty, struct, sys, termios
        env, argv, answers = json.loads(sys.argv[1]), sys.argv[2:], json.loads(os.environ["ANSWERS"])
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, int(os.environ["COLUMNS_OF_PTY"]), 0, 0))
            if os.environ.get("STDERR_TO_NULL"):
                os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
            os.execve(argv[0], argv, env)
        shown = b""
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
            for prompt, answer in list(answers):
                if shown.endswith(prompt.encode()):
                    os.write(fd, b"\x04" if answer == "<Ctrl-D>" else (answer + "\n").encode())
                    answers.remove([prompt, answer])
                    break
        _, status = os.waitpid(pid, 0)
        sys.stdout.write(shown.decode("utf-8", "replace"))
        sys.exit(os.WEXITSTATUS(status))
        """#

    /// Runs `argv` on a terminal `columns` wide with exactly `environment`, answering the
    /// prompts in `answers` (pairs of prompt and answer, each used once, in order); what the
    /// terminal showed is the outcome's standard output, its status the program's.
    static func run(
        _ argv: [String], environment: [String: String], answers: [[String]], columns: Int = 80,
        stderrToNull: Bool = false, timeout: Duration
    ) async throws -> ChildProcess.Outcome {
        let encodedEnvironment = String(decoding: try JSONEncoder().encode(environment), as: UTF8.self)
        let encodedAnswers = String(decoding: try JSONEncoder().encode(answers), as: UTF8.self)
        return try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["ANSWERS=\(encodedAnswers)", "COLUMNS_OF_PTY=\(columns)"] + (stderrToNull ? ["STDERR_TO_NULL=1"] : [])
                + ["python3", "-c", driver, encodedEnvironment] + argv,
            timeout: timeout)
    }
}
