import Foundation

/// Where the API lives and how the client talks to it, injected into ``APIClient``:
/// the series' `Environment`, without globals.
///
/// The API token is a secret: `description` shows the base URL and limits only.
public struct APIConfiguration: Sendable, Equatable {
    /// The series' API token, which the mock API accepts by default.
    public static let seriesAPIToken = "1772bb7bc78941e2b51c9c67d17ee76e"

    /// The API's base URL, for example `http://127.0.0.1:8080/api/v1`.
    public var baseURL: URL
    /// The value of the `X-API-TOKEN` header sent with every request.
    public var apiToken: String
    /// Seconds a request may wait for the server between bytes before it fails as unreachable.
    public var timeout: TimeInterval
    /// The largest response body accepted, in bytes; larger ones are `invalidResponse`.
    public var maximumResponseSize: Int

    /// Creates a configuration; the defaults are 30 s and 10 MiB.
    public init(
        baseURL: URL, apiToken: String, timeout: TimeInterval = 30, maximumResponseSize: Int = 10 << 20
    ) {
        self.baseURL = baseURL
        self.apiToken = apiToken
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
    }

    /// The base URL's origin (`scheme://host:port`), which scopes stored tokens and
    /// decides where credentials may be sent.
    public var origin: String {
        Self.origin(of: baseURL) ?? baseURL.absoluteString
    }

    /// The origin of any URL, with the scheme's default port made explicit; `nil`
    /// without a scheme or host.
    public static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }
}

extension APIConfiguration: CustomStringConvertible {
    /// The base URL and limits, never the API token.
    public var description: String {
        "APIConfiguration(baseURL: \(baseURL.absoluteString), apiToken: <redacted>, "
            + "timeout: \(timeout) s, maximumResponseSize: \(maximumResponseSize) bytes)"
    }
}
