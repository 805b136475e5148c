import Foundation
import Subprocesses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends every test child's process group with the test process, however that ends: a crash or
/// `kill -9` runs no code of its own, so a watchdog outside it does the work. The watchdog (a
/// bash loop in a process group of its own, its output on /dev/null) reads the groups to end
/// from a socket whose other end only the test process holds; when the test process ends, for
/// any reason, the socket ends, and the watchdog kills the groups still listed, then exits.
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

    /// The test process's end of the socket; `nil` when the watchdog could not be started (then
    /// nothing is guarded, as before it existed).
    private static let writingEnd: Int32? = start()

    /// Lists `group` to end with the test process.
    static func watch(group: pid_t) {
        tell("+\(group)\n")
    }

    /// Forgets `group`, which ended: its number may be given to another process.
    static func forget(group: pid_t) {
        tell("-\(group)\n")
    }

    private static func tell(_ line: String) {
        guard let writingEnd else { return }
        let bytes = Array(line.utf8)
        // A line of a few bytes is sent whole, whatever other thread sends; a watchdog that died
        // is no reason to end the tests (MSG_NOSIGNAL: EPIPE, not SIGPIPE).
        #if os(Linux)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0  // the socket has SO_NOSIGPIPE
        #endif
        _ = bytes.withUnsafeBytes { send(writingEnd, $0.baseAddress, $0.count, flags) }
    }

    private static func start() -> Int32? {
        var ends: [Int32] = [-1, -1]
        // Close-on-exec from the start: a child another thread starts meanwhile gets neither end.
        #if os(Linux)
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
                return nil
            }
        #else
            guard socketpair(AF_UNIX, SOCK_STREAM, 0, &ends) == 0 else { return nil }
            var on: Int32 = 1
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            setsockopt(ends[1], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
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
