import Digest
import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the API lives and how the client talks to it, injected into ``APIClient``
/// rather than read from globals.
///
/// Creating one checks that credentials may be sent to the base URL: `https`, or plain
/// `http` to a loopback host only. The API token is a secret: `description` shows the
/// base URL and limits only.
public struct APIConfiguration: Sendable, Equatable {
    /// The series' API token, which the mock API accepts by default.
    public static let seriesAPIToken = "1772bb7bc78941e2b51c9c67d17ee76e"

    /// The layer's product token: the default `User-Agent` is this and the transport's
    /// engine, `CocoacastsNetworking/1.0 (libcurl/8.5.0)`.
    public static let libraryProduct = "CocoacastsNetworking/1.0"

    /// The API's base URL, for example `http://127.0.0.1:8080/api/v1`.
    public let baseURL: URL
    /// The value of the `X-API-TOKEN` header sent with every request.
    public let apiToken: String
    /// The `User-Agent` of every request, naming the app (`MyApp/2.1`, as gh and curl name
    /// themselves); `nil` sends the layer's own, ``libraryProduct`` and the transport's engine.
    public let userAgent: String?
    /// Seconds one attempt of a request may take, from sending it to its last byte, before it
    /// fails as unreachable; a call's retries stop at ``callDeadline``. A value that is not a
    /// positive finite number means the default, 30.
    public var timeout: TimeInterval {
        didSet { timeout = Self.sanitized(timeout) }
    }
    /// Seconds from a call's start within which its retries, redirects and a refresh's own
    /// request must start and end: three timeouts. (A first attempt always goes, so a call
    /// that refreshes and replays ends within five timeouts.)
    public var callDeadline: TimeInterval { timeout * 3 }
    /// The largest response body accepted, in bytes; larger ones are `invalidResponse`.
    public var maximumResponseSize: Int
    /// When and how often idempotent requests are retried.
    public var retryPolicy: RetryPolicy
    /// How many requests one client has in flight at once (as many as URLSession opens
    /// connections per host); the rest wait and read the access token when their turn comes.
    public var maximumConcurrentRequests: Int

    /// Creates a configuration; the defaults are 30 s, 10 MiB, ``/Domain/RetryPolicy/standard`` and
    /// 6 requests at once.
    ///
    /// - Throws: ``ConfigurationError`` when the base URL is not http(s) with a host (and
    ///   without query or fragment), or is plain `http` to a host that is not loopback, or
    ///   when the API token or the User-Agent is not something a header can carry.
    public init(
        baseURL: URL, apiToken: String, timeout: TimeInterval = 30, maximumResponseSize: Int = 10 << 20,
        retryPolicy: RetryPolicy = .standard, maximumConcurrentRequests: Int = 6, userAgent: String? = nil
    ) throws(ConfigurationError) {
        guard let origin = Origin(baseURL), baseURL.query == nil, baseURL.fragment == nil, baseURL.user == nil,
            baseURL.password == nil
        else {
            throw .unsupportedBaseURL(Redaction.url(baseURL))
        }
        guard origin.mayCarryCredentials else { throw .insecureBaseURL(Redaction.url(baseURL)) }
        guard HeaderValue.isSafeCredential(apiToken) else { throw .unsafeAPIToken }
        guard userAgent.map(HeaderValue.isSafeText) ?? true else { throw .unsafeUserAgent }
        self.baseURL = baseURL
        self.apiToken = apiToken
        self.userAgent = userAgent
        self.timeout = Self.sanitized(timeout)
        self.maximumResponseSize = maximumResponseSize
        self.retryPolicy = retryPolicy
        self.maximumConcurrentRequests = max(1, maximumConcurrentRequests)
    }

    /// The base URL's origin, which scopes stored tokens and decides where credentials may go.
    public var origin: Origin {
        Origin(baseURL)!  // checked by init
    }

    /// What the catalogue is saved under: the origin, the method and path of the request
    /// (`GET /api/v1/episodes`, so that two APIs below one origin never share a list), and
    /// a digest of the API token, which selects the answer (a server may show each token
    /// its own list, and must be asked about a token it has not seen).
    public var catalogueKey: ResponseCacheKey {
        let base = baseURL.path
        let path = (base.hasSuffix("/") ? base : base + "/") + APIEndpoint.episodes.path
        return ResponseCacheKey(
            origin: origin, route: "\(APIEndpoint.episodes.method.rawValue) \(path)",
            credentialDigest: "api-token:sha256/" + SHA256.hex(apiToken.utf8).prefix(32))
    }

    private static func sanitized(_ timeout: TimeInterval) -> TimeInterval {
        timeout.isFinite && timeout > 0 ? min(timeout, 86_400) : 30
    }
}

extension APIConfiguration: CustomStringConvertible, CustomReflectable {
    /// The base URL and limits, never the API token.
    public var description: String {
        "APIConfiguration(baseURL: \(baseURL.absoluteString), apiToken: <redacted>, "
            + "timeout: \(timeout) s, maximumResponseSize: \(maximumResponseSize) bytes, "
            + "userAgent: \(userAgent ?? "the layer's own"))"
    }

    /// A mirror in which the API token is redacted, for `dump` and test failures.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "baseURL": baseURL, "apiToken": "<redacted>", "timeout": timeout,
                "maximumResponseSize": maximumResponseSize, "retryPolicy": retryPolicy,
                "maximumConcurrentRequests": maximumConcurrentRequests, "userAgent": userAgent as Any,
            ], displayStyle: .struct)
    }
}

/// Why an ``APIConfiguration`` could not be created.
public enum ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The base URL is not `http` or `https` with a host, or carries a query, a fragment or a user.
    case unsupportedBaseURL(String)
    /// Plain `http` to a host that is not loopback would expose the API token and tokens.
    case insecureBaseURL(String)
    /// The API token is empty, longer than 4 KiB, or holds a character a header cannot
    /// carry (a space, a control character, a line break that would start another header).
    case unsafeAPIToken
    /// The User-Agent is empty, longer than 4 KiB, or holds a character other than visible
    /// ASCII and spaces (a line break would start another header).
    case unsafeUserAgent

    /// What went wrong and how to fix it.
    public var description: String {
        switch self {
        case .unsupportedBaseURL(let url):
            "The base URL \(url) is not an http(s) URL with a host and no query, "
                + "such as https://api.example.com/api/v1."
        case .unsafeAPIToken:
            "The API token is empty, too long, or holds a space, a line break or another character "
                + "a header cannot carry."
        case .unsafeUserAgent:
            "The User-Agent is empty, too long, or holds a line break or a character other than visible ASCII "
                + "and spaces, such as MyApp/2.1."
        case .insecureBaseURL(let url):
            "Refusing to send credentials over plain http to \(url): use https, "
                + "or a loopback host (127.0.0.1, localhost) for a local server."
        }
    }
}
