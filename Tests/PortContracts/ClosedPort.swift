import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port that refuses every connection while this lives: bound and never listening,
/// so that no other server of a busy test run can be given it (a stopped server's port can
/// be, at once).
public final class ClosedPort {
    public let port: Int
    private let descriptor: Int32

    public init() throws {
        #if os(Linux)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw RawHTTPConnectionError.socket(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(descriptor)
            throw RawHTTPConnectionError.connect(code)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }

    /// Runs `body` with a closed port, which stays closed and this run's until `body` returns.
    public static func with<T>(_ body: (ClosedPort) async throws -> T) async throws -> T {
        let closed = try ClosedPort()
        defer { withExtendedLifetime(closed) {} }
        return try await body(closed)
    }

    /// `http://127.0.0.1:PORT/api/v1`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/api/v1")! }
}
