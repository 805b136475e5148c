import Foundation
import PortContracts
import Subprocesses

/// An `flock` held by another process (python3), as a second `cocoacasts` would hold the
/// credentials file's lock: the code under test has to wait for it, or give up.
public final class ProcessLock: Sendable {
    private let process: SpawnedProcess

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
        let process = try SpawnedProcess(
            "/usr/bin/env", ["python3", "-c", script, path], stdin: .pipe, stdout: .pipe)
        guard let output = process.subprocess.standardOutput,
            await PipeTraffic.firstLine(of: output, until: .now + .seconds(60)) == "locked"
        else {
            await process.killGroup()
            throw ProcessLockError.notLocked(path)
        }
        return ProcessLock(process: process)
    }

    private init(process: SpawnedProcess) {
        self.process = process
    }

    /// Lets go of the lock (closing the child's input ends it) and waits for the child to end.
    public func release() async {
        process.subprocess.standardInput?.close()
        if await process.subprocess.waitForExit(timeout: .seconds(60), cancellable: true) == nil {
            await process.killGroup()
        }
    }
}

/// Why a lock could not be held.
public enum ProcessLockError: Error, Equatable {
    /// The child process did not report holding the lock on the path.
    case notLocked(String)
}
