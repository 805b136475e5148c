import Foundation

/// Runs an executable to completion with a time limit and collects what it printed.
public enum ChildProcess {
    /// What a finished process left behind.
    public struct Outcome: Sendable {
        /// The exit status (or the signal number when killed).
        public let status: Int32
        /// Everything written to stdout.
        public let stdout: String
        /// Everything written to stderr.
        public let stderr: String
        /// Whether the time limit ran out and the process was killed.
        public let timedOut: Bool
    }

    /// Runs `executable` with `arguments`, feeding `stdin`, and kills it after `timeout`.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, stdin: String? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        let stdoutData = collect(output.fileHandleForReading)
        let stderrData = collect(errors.fileHandleForReading)
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let timedOut = await waitForExit(of: process, timeout: timeout)
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: await stdoutData.value, as: UTF8.self),
            stderr: String(decoding: await stderrData.value, as: UTF8.self), timedOut: timedOut)
    }

    /// Reads to the end on a thread of its own: a blocking read on the concurrency
    /// runtime's few threads would stall every other test until the child exits.
    private static func collect(_ handle: FileHandle) -> Task<Data, Never> {
        Task {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: handle.readDataToEndOfFile()) }.start()
            }
        }
    }

    /// Polls (Linux's `waitUntilExit` spins a run loop); kills at the deadline.
    private static func waitForExit(of process: Process, timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now >= deadline {
                kill(process.processIdentifier, SIGKILL)
                while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
                return true
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }
}
