import Foundation
import Subprocesses

/// Runs an executable to completion with a time limit and collects what it printed.
///
/// The child runs in a process group of its own (``SpawnedProcess``): at the time limit
/// the whole group is killed — a CLI under `faketime`, a shell's background job — and the
/// run ends even when something outside the group still holds its pipes. When the run
/// ends, whatever of its group is left is killed, and every pipe end is closed.
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
        /// Whether the time limit ran out (the process, or its pipes, outlived it) and the
        /// group was killed.
        public let timedOut: Bool
    }

    /// Sends a signal to the running process.
    public typealias Signal = @Sendable (Int32) -> Void

    /// Runs `executable` with `arguments`, feeding `stdin`, and kills its group after `timeout`.
    /// `signalling` runs beside the process (and is cancelled when it ends) with a function
    /// that sends it a signal, so a test can interrupt it at the moment it chooses.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, stdin: String? = nil,
        signalling: (@Sendable (Signal) async throws -> Void)? = nil, timeout: Duration = .seconds(60)
    ) async throws -> Outcome {
        let child = try SpawnedProcess(
            executable.path, arguments, environment: environment, stdin: .pipe, stdout: .pipe, stderr: .pipe)
        let process = child.subprocess
        let deadline = ContinuousClock.now + timeout
        let outputs = [process.standardOutput, process.standardError].compactMap { $0 }
        let traffic = PipeTraffic.start(
            writing: Data((stdin ?? "").utf8), into: process.standardInput, readingToEnd: outputs, until: deadline)
        let signaller = Task {
            try await signalling? { number in
                if !Task.isCancelled { process.send(number, to: .childAlone) }
            }
        }
        let exited = await process.waitForExit(timeout: deadline - .now, cancellable: true) != nil
        if !exited { process.sendToItsGroup(SIGKILL) }
        let exchanged = await traffic.result
        signaller.cancel()
        await child.killGroup()  // what is left of the run, on every path
        let (status, signal): (Int32, Int32?) =
            switch process.exitStatus ?? .signalled(SIGKILL) {
            case .exited(let code): (code, nil)
            case .signalled(let number): (number, number)
            case .unknown: (-1, nil)  // reaped elsewhere: nothing left to wait for
            }
        return Outcome(
            status: status, killedBy: signal, stdout: String(decoding: exchanged.outputs[0], as: UTF8.self),
            stderr: String(decoding: exchanged.outputs[1], as: UTF8.self), timedOut: !exited || !exchanged.complete)
    }
}
