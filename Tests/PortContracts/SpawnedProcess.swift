import Foundation
import Subprocesses

/// A test's child process: a ``Subprocesses/Subprocess`` in a process group of its own, so
/// that a test can end it with everything it started (`faketime`'s child, a shell's
/// background job) by signalling the group, and that is killed with its group when dropped
/// while it runs (a test that throws before it stops its server leaves no server behind), and
/// with the test process however it ends (see ``OrphanGuard``).
///
/// `Subprocess` starts it as a test needs: no signal blocked or ignored (a child started
/// from a thread of the concurrency runtime would otherwise inherit that thread's blocked
/// signals), no descriptor of the test process but the three it is given (pipes are
/// close-on-exec, and everything from 3 up is closed in the child, so no other test's pipe
/// stays open because this child holds a copy), and reaped by a thread of its own.
public final class SpawnedProcess: Sendable {
    /// The process; its ID is also its group's.
    public let subprocess: Subprocess

    /// Starts `executable` (a path) with `arguments`, and the test process's environment
    /// unless one is given. A given one also gets the test process's sanitizer settings
    /// (`ASAN_OPTIONS`, …), so that a run under a sanitizer configures its children alike.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        stdin: Subprocess.Stream = .null, stdout: Subprocess.Stream = .null, stderr: Subprocess.Stream = .inherited
    ) throws(SpawnError) {
        let own = ProcessInfo.processInfo.environment
        let sanitizerSettings = own.filter { Self.sanitizerSettings.contains($0.key) }
        subprocess = try Subprocess.spawn(
            executable, arguments: arguments,
            environment: environment?.merging(sanitizerSettings) { given, _ in given } ?? own,
            standardInput: stdin, standardOutput: stdout, standardError: stderr, newProcessGroup: true)
        OrphanGuard.watch(group: subprocess.pid)
    }

    private static let sanitizerSettings: Set = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"]

    deinit {
        if subprocess.exitStatus == nil { subprocess.sendToItsGroup(SIGKILL) }  // its watcher reaps it
        OrphanGuard.forget(group: subprocess.pid)
    }

    /// Kills the whole group, with whatever the process left in it after it ended, and
    /// waits for the process (30 s at most: SIGKILL takes effect at once unless the kernel
    /// is stuck in a call of the process's).
    public func killGroup() async {
        subprocess.sendToItsGroup(SIGKILL)
        _ = await subprocess.waitForExit(timeout: .seconds(30), cancellable: true)
    }
}
