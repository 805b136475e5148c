import Foundation
import PortContracts
import TestSupport
import Testing

/// Output that cannot be written never crashes `cocoacasts`: a full disk or a closed
/// standard output is one line on standard error and status 74; a pipe whose reader went
/// away ends the process quietly, with SIGPIPE's 141 (run with SIGPIPE ignored, as some
/// parents do, the write fails with EPIPE instead of killing the process).
@Suite("Output that cannot be written: no crash, the documented status")
struct OutputFailureTests {
    /// Runs `script` in bash with `$CLI` set to the built binary, in a home of its own.
    static func bash(_ script: String) async throws -> ChildProcess.Outcome {
        try await TemporaryDirectory.with { directory in
            try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/bash"), ["-c", script],
                environment: [
                    "CLI": CLIProcess.binary.path, "HOME": directory.file("home").path,
                    "XDG_CONFIG_HOME": directory.file("config").path, "PATH": "/usr/bin:/bin",
                ], timeout: .seconds(30))
        }
    }

    static func isCrash(_ stderr: String) -> Bool {
        stderr.contains("Fatal error") || stderr.contains("Broken pipe") || stderr.contains("Stack dump")
    }

    @Test func aFullDiskIsOneLineAndStatus74() async throws {
        let run = try await Self.bash(#""$CLI" episodes > /dev/full; echo "status $?" >&2"#)
        #expect(run.stderr.contains("cocoacasts: the output could not be written: No space left on device.\nstatus 74"))
        #expect(!Self.isCrash(run.stderr))
    }

    @Test func aClosedStandardOutputIsOneLineAndStatus74() async throws {
        let run = try await Self.bash(#""$CLI" episodes >&-; echo "status $?" >&2"#)
        #expect(run.stderr.contains("cocoacasts: the output could not be written: Bad file descriptor.\nstatus 74"))
        #expect(!Self.isCrash(run.stderr))
    }

    @Test func aPipeWithNoReaderEndsQuietlyWith141() async throws {
        // SIGPIPE ignored, and the pipe's reading end closed before cocoacasts starts.
        let driver = """
            import os, signal, subprocess, sys
            signal.signal(signal.SIGPIPE, signal.SIG_IGN)
            reader, writer = os.pipe()
            os.close(reader)
            run = subprocess.run([os.environ["CLI"], "episodes"], stdout=writer, stderr=subprocess.PIPE,
                                 restore_signals=False, timeout=30)
            sys.stderr.write(run.stderr.decode())
            print("status", run.returncode)
            """
        let run = try await Self.bash("python3 -c '\(driver)'")
        #expect(run.stdout == "status 141\n")
        #expect(run.stderr.hasPrefix("cocoacasts: answering from the mock API built into cocoacasts"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func headReadingOneByteWithSIGPIPEIgnoredIsNoCrash() async throws {
        let run = try await Self.bash(
            #"trap '' PIPE; "$CLI" episodes --json | head -c 1; echo " status ${PIPESTATUS[0]}""#)
        #expect(run.stdout == "[ status 0\n" || run.stdout == "[ status 141\n", "\(run.stdout)")
        #expect(!Self.isCrash(run.stderr))
    }
}
