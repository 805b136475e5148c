import Foundation

/// Runs an executable to completion with a time limit and collects what it printed.
public enum ChildProcess {
    /// What a finished process left behind.
    public struct Outcome: Sendable {
        /// The exit status (or the signal number when killed).
        public let status: Int32
        /// The signal that ended the process, when one did (its default action, not a handler).
        public let killedBy: Int32?
        /// Everything written to stdout.
        public let stdout: String
        /// Everything written to stderr.
        public let stderr: String
        /// Whether the time limit ran out and the process was killed.
        public let timedOut: Bool
    }

    /// Sends a signal to the running process.
    public typealias Signal = @Sendable (Int32) -> Void

    /// Runs `executable` with `arguments`, feeding `stdin`, and kills it after `timeout`.
    /// `signalling` runs beside the process (and is cancelled when it ends) with a function
    /// that sends it a signal, so a test can interrupt it at the moment it chooses.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, stdin: String? = nil,
        signalling: (@Sendable (Signal) async throws -> Void)? = nil, timeout: Duration = .seconds(60)
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
        let pid = process.processIdentifier
        let signaller = Task {
            try await signalling? { number in
                if !Task.isCancelled { kill(pid, number) }
            }
        }
        let timedOut = await waitForExit(of: process, timeout: timeout)
        signaller.cancel()
        return Outcome(
            status: process.terminationStatus,
            killedBy: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil,
            stdout: String(decoding: await stdoutData.value, as: UTF8.self),
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
