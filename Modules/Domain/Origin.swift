#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A URL's origin — scheme, host and port — the unit of trust for credentials.
///
/// `http://localhost:8080` and `http://127.0.0.1:8080` are different origins, as in
/// browsers; a default port is made explicit so `https://a.b` equals `https://a.b:443`.
public struct Origin: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`.
    public let scheme: String
    /// The lower-cased host.
    public let host: String
    /// The port, explicit or the scheme's default.
    public let port: Int

    /// The origin of `url`, or `nil` unless it is http(s) with a host.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `scheme://host:port`.
    public var description: String { "\(scheme)://\(host):\(port)" }

    /// Whether the host is loopback: `localhost`, `127.0.0.0/8` or `::1`.
    public var isLoopback: Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// Whether credentials may travel to this origin: `https`, or `http` to loopback.
    public var mayCarryCredentials: Bool {
        scheme == "https" || isLoopback
    }
}
