extension APIError {
    /// What really happened: what a message names and an exit status follows.
    ///
    /// A cause never holds a secret: URLs lose their user info and query values, a
    /// server's reason loses every credential the request carried, and a store error
    /// names only paths.
    public enum Cause: Hashable, Sendable {
        /// No token pair is stored for this server: nobody signed in, or the session ended earlier.
        case notSignedIn
        /// The server answered `status`; `reason` is what its error body said, if it said anything.
        case status(Int, reason: String?)
        /// The server refused the stored refresh token: the session has ended and its tokens were removed.
        case sessionEnded
        /// No connection could be made to `host` on `port`; `detail` is the networking library's text.
        case cannotConnect(host: String, port: Int, detail: String)
        /// The name `host` could not be resolved.
        case hostNotFound(String)
        /// The connection to `host` on `port` closed before the answer was complete.
        case connectionLost(host: String, port: Int)
        /// The machine has no network connection.
        case offline
        /// Only a saved answer was asked for (offline), and none is saved for this server: the
        /// server was not asked.
        case nothingSaved
        /// The server had not answered, to its last byte, within `seconds`.
        case timedOut(seconds: Double)
        /// The server's TLS certificate is not trusted; the text is the TLS library's.
        case untrustedCertificate(String)
        /// A TLS connection could not be made for another reason; the text is the TLS library's.
        case tlsFailed(String)
        /// The answer was longer than `limit` bytes, and was not read further.
        case tooLarge(limit: Int)
        /// The answer is not what the endpoint returns; the text says what is wrong, never what it held.
        case undecodable(String)
        /// A redirect to `to` (redacted) was not followed, for `reason`.
        case redirectRefused(to: String, reason: String)
        /// The request could not be made at all, for the reason given.
        case invalidRequest(String)
        /// The token store could not be read, written or locked.
        case store(StoreError)
        /// The transport failed in a way no other cause describes; the text is its own.
        case transport(String)
    }
}

extension APIError.Cause: CustomStringConvertible {
    /// One sentence for the user: what happened, without advice (the app adds its own).
    public var description: String {
        switch self {
        case .notSignedIn:
            "No one is signed in on this server."
        case let .status(status, reason):
            "The server answered \(HTTPStatus.describe(status, reason: reason))."
        case .sessionEnded:
            "The server no longer accepts the saved session, so it was removed."
        case let .cannotConnect(host, port, detail):
            "Could not connect to \(host) port \(port) (\(detail))."
        case .hostNotFound(let host):
            "The host \(host) could not be found."
        case let .connectionLost(host, port):
            "The connection to \(host) port \(port) closed before the answer was complete."
        case .offline:
            "This machine is not connected to a network."
        case .nothingSaved:
            "No list of episodes is saved for this server, and it was not asked."
        case .timedOut(let seconds):
            "The server did not answer within \(Self.seconds(seconds))."
        case .untrustedCertificate(let detail):
            "The server's TLS certificate is not trusted (\(detail))."
        case .tlsFailed(let detail):
            "A secure (TLS) connection could not be made (\(detail))."
        case .tooLarge(let limit):
            "The answer is larger than the limit of \(Self.bytes(limit))."
        case .undecodable(let detail):
            "The answer could not be read: \(detail)."
        case let .redirectRefused(target, reason):
            "The server redirected to \(target), which was not followed: \(reason)."
        case .invalidRequest(let detail):
            "The request could not be made: \(detail)."
        case .store(let error):
            error.description
        case .transport(let detail):
            "The request failed: \(detail)."
        }
    }

    /// `30 s`, `1.5 s`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }

    /// `10 MiB`, `1500 bytes`.
    private static func bytes(_ count: Int) -> String {
        count >= 1 << 20 && count % (1 << 20) == 0 ? "\(count >> 20) MiB" : "\(count) bytes"
    }
}
