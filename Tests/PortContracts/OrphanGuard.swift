import Foundation
import Subprocesses

/// Ends every test child's process group with the test process, however that ends: a crash or
/// `kill -9` runs no code of its own, so a watchdog outside it does the work. The watchdog (a
/// bash loop in a process group of its own, its output on /dev/null) reads the groups to end
/// from a pipe whose writing end only the test process holds; when the test process ends, for
/// any reason, the pipe ends, and the watchdog kills the groups still listed, then exits.
/// Without it, a crashed run left nginx, dbus-daemon and mock servers running, holding the
/// pipes `swift test` reads, which then waited for ever.
enum OrphanGuard {
    /// The watchdog's loop: `+GROUP` lists a group, `-GROUP` forgets one that ended.
    private static let script = #"""
        groups=" "
        while IFS= read -r line; do
            case "$line" in
                +*) groups="$groups${line#+} " ;;
                -*) groups="${groups/ ${line#-} / }" ;;
            esac
        done
        for group in $groups; do kill -KILL -- "-$group" 2>/dev/null; done
        """#

    /// The pipe's writing end; `nil` when the watchdog could not be started (then nothing is
    /// guarded, as before it existed).
    private static let writingEnd: Int32? = start()

    /// Lists `group` to end with the test process.
    static func watch(group: pid_t) {
        send("+\(group)\n")
    }

    /// Forgets `group`, which ended: its number may be given to another process.
    static func forget(group: pid_t) {
        send("-\(group)\n")
    }

    private static func send(_ line: String) {
        guard let writingEnd else { return }
        var bytes = Array(line.utf8)
        // A line is far below PIPE_BUF, so it is written whole, whatever other thread writes.
        _ = write(writingEnd, &bytes, bytes.count)
    }

    private static func start() -> Int32? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        // No other child gets a copy of either end (Subprocess closes the rest in its children too).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }  // the watchdog's copy is all the reading it needs
        do {
            _ = try Subprocess.spawn(
                "/bin/bash", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
                standardInput: .descriptor(ends[0]), standardOutput: .null, standardError: .null,
                newProcessGroup: true)
        } catch {
            close(ends[1])
            return nil
        }
        return ends[1]
    }
}
