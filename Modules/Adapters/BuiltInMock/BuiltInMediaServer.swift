import AsyncPrimitives
import Domain
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

/// The media of the built-in mock's videos, served over HTTP on 127.0.0.1 by this process
/// while it needs them, so that a player and a download reach them as they would a CDN's
/// (a WAV of silence as long as the video, as `Scripts/mock-api --media` serves it).
///
/// It starts listening on the first ``origin()`` (a port the system chooses) and serves each
/// connection on a thread of its own, one request per connection. ``stop()`` closes every
/// connection and waits for every thread: nothing of it runs once it returns.
public final class BuiltInMediaServer: Sendable {
    private struct State {
        var listening: Int32?
        var origin: URL?
        var stopped = false
        var accepting: JoinableThread?
        var connections: [Int32: JoinableThread] = [:]
        /// Threads whose connection has ended, to be joined.
        var ended: [JoinableThread] = []
    }

    /// At most this many connections are served at once; one more waits to be accepted.
    static let connectionLimit = 16
    private let state = Mutex(State())
    /// Held through ``stop()``, so that a second call returns only once the first has ended every thread.
    private let stopping = Mutex(())
    /// Written to stop the accepting thread's `poll`.
    private let wake: (read: Int32, write: Int32)
    private let seconds: @Sendable (String) -> Int?

    /// A server of the built-in catalogue's videos, each as long as its episode; not listening yet.
    public convenience init() {
        let lengths = Dictionary(
            BuiltInMockRouter.catalogue.map { ($0.videoID, max(1, Int($0.videoDuration))) },
            uniquingKeysWith: { a, _ in a })
        self.init { lengths[$0] }
    }

    /// A server whose video `id` lasts `seconds(id)` seconds (`nil`: no such video).
    init(seconds: @escaping @Sendable (String) -> Int?) {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        wake = (ends[0], ends[1])
        self.seconds = seconds
    }

    deinit {
        for end in [wake.read, wake.write] where end >= 0 { close(end) }
    }

    /// `http://127.0.0.1:PORT`, listening from the first call on.
    public func origin() throws(MediaServerError) -> URL {
        try state.withLock { state throws(MediaServerError) -> URL in
            guard !state.stopped else { throw MediaServerError("it was stopped") }
            if let origin = state.origin { return origin }
            guard wake.read >= 0 else {
                throw MediaServerError("no pipe to stop it by (\(String(cString: strerror(EMFILE))))")
            }
            let (descriptor, port) = try Self.startListening()
            let origin = URL(string: "http://127.0.0.1:\(port)")!
            state.listening = descriptor
            state.origin = origin
            state.accepting = JoinableThread(name: "cocoacasts.media", stackSize: 256 << 10) { [self] in
                acceptConnections(on: descriptor)
            }
            return origin
        }
    }

    /// The URL of video `id`'s media, listening from then on.
    public func mediaURL(ofVideo id: String) throws(MediaServerError) -> URL {
        try origin().appendingPathComponent("media/\(id).wav")
    }

    /// Stops listening, closes every connection and waits for every thread. Later calls do nothing.
    public func stop() {
        stopping.withLock { _ in
            let (accepting, listening) = state.withLock { state in
                state.stopped = true
                defer { (state.accepting, state.listening) = (nil, nil) }
                return (state.accepting, state.listening)
            }
            guard let accepting else { return }
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
            accepting.join()
            if let listening { close(listening) }
            // A connection whose player stopped reading blocks in send: shutting it down ends that.
            let connections = state.withLock { state in
                for descriptor in state.connections.keys { shutdown(descriptor, Int32(SHUT_RDWR)) }
                return Array(state.connections.values) + state.ended
            }
            for connection in connections { connection.join() }
        }
    }

    private static func startListening() throws(MediaServerError) -> (Int32, Int) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw MediaServerError("socket: \(String(cString: strerror(errno)))") }
        // Non-blocking: a client gone between poll and accept leaves accept nothing to wait for.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw MediaServerError("no port on 127.0.0.1 (\(reason))")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    private func acceptConnections(on listening: Int32) {
        while true {
            var ready = [
                pollfd(fd: listening, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&ready, 2, -1) >= 0 || errno == EINTR else { return }
            if ready[1].revents != 0 { return }
            guard ready[0].revents != 0 else { continue }
            let (full, ended) = state.withLock { state in
                defer { state.ended = [] }
                return (state.connections.count >= Self.connectionLimit, state.ended)
            }
            for thread in ended { thread.join() }
            if full {
                usleep(10_000)  // one ends soon: a player holds one or two
                continue
            }
            let connection = accept(listening, nil, nil)
            guard connection >= 0 else {
                // Out of descriptors: wait for a connection to end rather than spin on the one ready.
                if errno == EMFILE || errno == ENFILE { usleep(10_000) }
                continue
            }
            // No player this process starts holds it open: only this thread closes it. Blocking,
            // as the listening socket is not.
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) & ~O_NONBLOCK)
            #if canImport(Darwin)
                var on: Int32 = 1  // Darwin has no MSG_NOSIGNAL: a player that seeks away raises no SIGPIPE
                setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            state.withLock { state in
                state.connections[connection] = JoinableThread(name: "cocoacasts.media", stackSize: 256 << 10) {
                    [self] in
                    serve(connection)
                }
            }
        }
    }

    /// Answers the one request on `connection`, then closes it and lets its thread go.
    private func serve(_ connection: Int32) {
        defer {
            // Out of the list before the number is closed and may be another connection's; its
            // thread is joined later, by the accepting thread or by stop.
            state.withLock { state in
                if let thread = state.connections.removeValue(forKey: connection) { state.ended.append(thread) }
            }
            close(connection)
        }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = Self.readHead(connection) else { return }
        let answer = MediaAnswer(method: request.method, path: request.path, headers: request.headers, seconds: seconds)
        guard Self.sendAll(answer.head, on: connection), let body = answer.body else { return }
        var offset = body.lowerBound
        while offset < body.upperBound {
            let part = offset..<min(offset + (64 << 10), body.upperBound)
            guard Self.sendAll(answer.bytes(part), on: connection) else { return }  // the player seeked or left
            offset = part.upperBound
        }
    }

    /// The request line and headers (names lower-cased), or `nil` when none came whole within
    /// 16 KiB and the receive timeout.
    private static func readHead(_ connection: Int32) -> (method: String, path: String, headers: [String: String])? {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        while received.count < 16 << 10 {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            received += buffer[..<count]
            guard let range = received.firstRange(of: end) else { continue }
            let lines = String(decoding: received[..<range.lowerBound], as: UTF8.self).split(separator: "\r\n")
            let parts = lines.first?.split(separator: " ") ?? []
            guard parts.count == 3 else { return nil }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].trimmingWhitespace())
            }
            let path = parts[1].split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
            return (String(parts[0]), path, headers)
        }
        return nil
    }

    /// Sends all of `data`; `false` once the other end has gone (no SIGPIPE).
    private static func sendAll(_ data: Data, on connection: Int32) -> Bool {
        var rest = data[...]
        while !rest.isEmpty {
            #if canImport(Glibc)
                let sent = rest.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
                let sent = rest.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            #endif
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            rest = rest.dropFirst(sent)
        }
        return true
    }
}

/// Why the built-in mock's media cannot be served.
public struct MediaServerError: Error, CustomStringConvertible {
    public let description: String

    init(_ reason: String) {
        description = "the built-in mock could not serve its media on 127.0.0.1: \(reason)"
    }
}
