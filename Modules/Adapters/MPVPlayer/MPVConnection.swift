import Ports
import Subprocesses
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// This process's end of mpv's JSON IPC: one connected Unix socket (`O_CLOEXEC`).
///
/// The event loop reads it on its own thread; writes come from that thread and from
/// `MPVPlayback/stop()`, one whole line at a time under a lock. The descriptor is closed
/// only after the loop has ended, under the same lock, so no write ever reaches a
/// descriptor number the system has given to something else.
final class MPVConnection: Sendable {
    let descriptor: Int32
    private let closed = Mutex(false)

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Connects once mpv listens at `path`, trying again with a growing pause (at most
    /// 100 ms) until `timeout`; fails early when mpv ends first.
    static func open(path: String, process: Subprocess, timeout: Duration) async throws(PlayerError) -> MPVConnection {
        let deadline = ContinuousClock.now + timeout
        var pause = Duration.milliseconds(5)
        while true {
            let descriptor = try connectedSocket(to: path)
            if descriptor >= 0 { return MPVConnection(descriptor: descriptor) }
            if let status = process.exitStatus {
                throw .couldNotStart(name: "mpv", reason: "it ended (\(status)) before it opened its control socket")
            }
            guard ContinuousClock.now < deadline else {
                throw .couldNotStart(
                    name: "mpv", reason: "it did not open its control socket \(path) within \(timeout)")
            }
            _ = await process.waitForExit(timeout: pause)  // the pause, cut short if mpv ends
            pause = min(pause * 2, .milliseconds(100))
        }
    }

    /// A connected descriptor, or -1 while nothing listens at `path` yet.
    private static func connectedSocket(to path: String) throws(PlayerError) -> Int32 {
        #if canImport(Glibc)
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw failure("socket", path: path) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        #if canImport(Darwin)
            var on: Int32 = 1  // Darwin has no MSG_NOSIGNAL: the socket itself never raises SIGPIPE
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if connected == 0 { return descriptor }
        let code = errno
        closeSocket(descriptor)
        guard code == ENOENT || code == ECONNREFUSED else { throw failure("connect", path: path, code: code) }
        return -1
    }

    private static func failure(_ call: String, path: String, code: Int32 = errno) -> PlayerError {
        .couldNotStart(
            name: "mpv", reason: "its control socket \(path) failed (\(call): \(String(cString: strerror(code))))")
    }

    /// Sends one JSON line; `false` once the connection is closed or mpv has gone.
    @discardableResult
    func send(_ line: String) -> Bool {
        closed.withLock { closed in
            guard !closed else { return false }
            var bytes = Array((line + "\n").utf8)[...]
            while !bytes.isEmpty {
                let sent = bytes.withUnsafeBytes { sendWithoutSignal(descriptor, $0) }
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { return false }
                bytes = bytes.dropFirst(sent)
            }
            return true
        }
    }

    /// Closes the descriptor; later sends do nothing.
    func close() {
        closed.withLock { closed in
            guard !closed else { return }
            closed = true
            closeSocket(descriptor)
        }
    }
}

// The system's calls, outside the type whose methods shadow their names.

private func closeSocket(_ descriptor: Int32) {
    close(descriptor)
}

/// `send(2)` without SIGPIPE: mpv may be gone when a quit is sent.
private func sendWithoutSignal(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
        send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    #else
        send(descriptor, bytes.baseAddress, bytes.count, 0)
    #endif
}
