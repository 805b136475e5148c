import Foundation

/// An `flock` held by another process (python3), as a second `cocoacasts` would hold the
/// credentials file's lock: the code under test has to wait for it, or give up.
public final class ProcessLock: Sendable {
    private let process: Process
    private let input: Pipe

    /// Takes the exclusive lock on `path` (creating the file and its directory) in a child process and
    /// returns once it is held. The child lets go when ``release()`` is called or this
    /// process ends.
    public static func hold(_ path: String) async throws -> ProcessLock {
        let script = """
            import os, sys, fcntl
            os.makedirs(os.path.dirname(sys.argv[1]), mode=0o700, exist_ok=True)
            fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(fd, fcntl.LOCK_EX)
            print("locked", flush=True)
            sys.stdin.read()
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: output.fileHandleForReading.availableData) }.start()
        }
        guard String(decoding: line, as: UTF8.self).hasPrefix("locked") else {
            process.terminate()
            throw ProcessLockError.notLocked(path)
        }
        return ProcessLock(process: process, input: input)
    }

    private init(process: Process, input: Pipe) {
        self.process = process
        self.input = input
    }

    /// Lets go of the lock and waits for the child to end.
    public func release() async {
        try? input.fileHandleForWriting.close()
        while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
    }
}

/// Why a lock could not be held.
public enum ProcessLockError: Error, Equatable {
    /// The child process did not report holding the lock on the path.
    case notLocked(String)
}
