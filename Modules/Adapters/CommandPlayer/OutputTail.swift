import Ports
import Subprocesses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a player command's standard error goes: a file of its own, 0600 and unlinked the
/// moment it is made, whose last line names the cause when the command fails.
///
/// A file rather than a pipe: nothing has to read it while the command runs, and whatever
/// the command leaves running after it exits (a browser `xdg-open` started) keeps writing
/// to a file nobody else can open, rather than to a pipe whose reader is gone (SIGPIPE)
/// or one that must be read for as long as the browser lives.
struct OutputTail: Sendable {
    let descriptor: Int32

    /// How much of the end of the output is read for its last line.
    private static let window = 4096

    /// A new, already unlinked file in the temporary directory (`$TMPDIR`, else `/tmp`), for
    /// the player `name`.
    static func create(for name: String, environment: [String: String]) throws(PlayerError) -> OutputTail {
        let directory = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((directory + "/cocoacasts-player-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .couldNotStart(
                name: name, reason: "no file for its messages in \(directory): \(String(cString: strerror(errno)))")
        }
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)  // the child gets its copy by dup2, which clears the flag
        return OutputTail(descriptor: descriptor)
    }

    /// The last line that is not blank, made printable; `nil` when there is none.
    func lastLine() -> String? {
        let size = Int(lseek(descriptor, 0, SEEK_END))
        guard size > 0 else { return nil }
        let start = max(0, size - Self.window)
        var bytes = [UInt8](repeating: 0, count: size - start)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start)) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).lazy.map { printableLine($0) }
            .last { !$0.isEmpty }
    }

    /// Closes this process's descriptor (the file goes once the command's copies close).
    func close() {
        closeDescriptor(descriptor)
    }
}

/// `close(2)`, outside the type whose method shadows its name.
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}
