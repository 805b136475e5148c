import Foundation

/// A process a child started in the background (`sleep 300 & echo $! > FILE`), which a test
/// follows by its ID.
enum Grandchild {
    /// The ID the child wrote to `file`, once it has (within 30 s).
    static func pid(in file: String) async throws -> pid_t {
        for _ in 0..<600 {
            // Until the shell has written it, there is no file to read.
            if let text = try? String(contentsOfFile: file, encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return pid
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CancellationError()
    }

    /// Whether `pid` is gone within 30 s: no such process, or a zombie, which holds nothing
    /// and waits for its new parent (init, in its own time) to reap it.
    static func gone(_ pid: pid_t) async throws -> Bool {
        for _ in 0..<600 {
            if kill(pid, 0) != 0 && errno == ESRCH { return true }
            let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            if stat?.split(separator: ")").last?.hasPrefix(" Z") == true { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
