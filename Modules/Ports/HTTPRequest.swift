#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One request as a transport sends it.
public struct HTTPRequest: Hashable, Sendable {
    /// `GET`, `POST`, `DELETE`, …
    public var method: String
    public var url: URL
    public var headers: HTTPHeaders
    public var body: Data?
    /// Seconds from sending the request to the last byte of its answer.
    public var timeout: TimeInterval
    /// The most bytes of body accepted, counted decoded (after `Content-Encoding`).
    public var maximumResponseSize: Int

    /// A request for `url`.
    public init(
        method: String, url: URL, headers: HTTPHeaders = HTTPHeaders(), body: Data? = nil, timeout: TimeInterval = 30,
        maximumResponseSize: Int = 10 << 20
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
    }
}

/// A server's answer: its status, headers and whole body.
public struct HTTPResponse: Hashable, Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data

    /// An answer with `status`.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
