import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port held while this lives, so that no other server of a busy test run can be
/// given it (a stopped server's port can be, at once).
public final class LoopbackPort: Sendable {
    public enum Kind: Sendable {
        /// Bound and never listening: every connection is refused.
        case closed
        /// Listening and never read: the kernel completes each handshake into the backlog,
        /// and nothing ever answers.
        case silent
    }

    public let port: Int
    private let descriptor: Int32

    /// A port of `kind`: any free one, or `port` (a stopped server's, held so that it stays
    /// closed: its connections' TIME_WAIT does not keep it from being bound).
    public init(_ kind: Kind, port wanted: Int = 0) throws {
        #if os(Linux)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw RawHTTPConnectionError.socket(errno) }
        var reuse: Int32 = 1
        if wanted != 0 { setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(wanted).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound, kind == .closed || listen(descriptor, 16) == 0 else {
            let code = errno
            close(descriptor)
            throw RawHTTPConnectionError.connect(code)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }

    /// Runs `body` with a port of `kind`, which stays so and this run's until `body` returns.
    public static func with<T>(_ kind: Kind, _ body: (LoopbackPort) async throws -> T) async throws -> T {
        let held = try LoopbackPort(kind)
        defer { withExtendedLifetime(held) {} }
        return try await body(held)
    }

    /// `http://127.0.0.1:PORT/api/v1`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/api/v1")! }
}
