/// Why a transport got no answer, in no library's terms: the cause, which decides what
/// the client does and tells the user, and the library's own words for the message.
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Cause: String, Hashable, Sendable, CaseIterable {
        /// The request did not finish within its timeout.
        case timedOut
        /// The server refused the connection, or it could not be made.
        case cannotConnect
        /// The host's name did not resolve.
        case hostNotFound
        /// The connection broke: reset, closed before an answer, or a body cut short.
        case connectionLost
        /// There is no network at all.
        case offline
        /// The server's certificate is not trusted (unknown authority, expired, wrong name).
        case untrustedCertificate
        /// The TLS handshake failed for another reason (the server speaks no TLS, say).
        case tlsFailed
        /// The body passed the request's size limit.
        case tooLarge
        /// What came back is not HTTP a client can read.
        case malformed
        /// The caller cancelled the request.
        case cancelled
        /// Anything else; the detail says what.
        case other
    }

    public let cause: Cause
    /// The networking library's own words (libcurl's "Failed to connect to 127.0.0.1 port
    /// 9 after 0 ms: Couldn't connect to server").
    public let detail: String

    /// A failure for `cause`, said by the library as `detail`.
    public init(_ cause: Cause, _ detail: String) {
        self.cause = cause
        self.detail = detail
    }

    /// `cannotConnect: Failed to connect to …`.
    public var description: String { "\(cause.rawValue): \(detail)" }
}
