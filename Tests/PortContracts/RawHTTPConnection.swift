import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain TCP connection to a loopback port, for sending bytes no HTTP client would
/// send (garbage, broken framing, pipelined requests) and reading what comes back.
public final class RawHTTPConnection {
    private let descriptor: Int32

    /// Connects to `127.0.0.1:port`; reads give up after `timeout` seconds of silence.
    public init(port: Int, timeout: Int = 5) throws {
        #if os(Linux)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw RawHTTPConnectionError.socket(errno) }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw RawHTTPConnectionError.connect(errno)
        }
    }

    deinit { close(descriptor) }

    /// Sends every byte of `text`.
    public func send(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { sendBytes(descriptor, $0) }
            guard sent > 0 else { throw RawHTTPConnectionError.send(errno) }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// Half-closes the connection: the server sees end-of-file mid-request.
    public func finishSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads until the server closes the connection, the timeout passes, or `limit` bytes arrived.
    public func receive(until predicate: (String) -> Bool = { _ in false }, limit: Int = 1 << 20) -> String {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while received.count < limit {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[..<count]
            if predicate(String(decoding: received, as: UTF8.self)) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}

/// `send(2)` without SIGPIPE, outside the class whose method shadows the name.
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if os(Linux)
        send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    #else
        send(descriptor, bytes.baseAddress, bytes.count, 0)
    #endif
}

/// A socket call that failed, with its `errno`.
public enum RawHTTPConnectionError: Error {
    /// `socket()` failed.
    case socket(Int32)
    /// `connect()` failed.
    case connect(Int32)
    /// `send()` failed.
    case send(Int32)
}
