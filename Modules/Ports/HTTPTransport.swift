/// Sends one HTTP request: the seam under the API client.
///
/// The client's whole pipeline (endpoints, tokens, refresh, retries, redirect policy,
/// error mapping) runs unchanged over libcurl, `URLSession`, the in-process mock API or
/// a test double, in the project's own values: no `URLRequest` or `HTTPURLResponse`, so
/// that only the URLSession adapter needs FoundationNetworking (which links libcurl at
/// exec). A transport does not follow redirects (it returns the 3xx response and the
/// client decides), negotiates no authentication (a 401 with any challenge is returned
/// at once, like any response), keeps no cookies and no cache, ends a request that has
/// not finished within its ``HTTPRequest/timeout`` of being sent, stops reading a body
/// past ``HTTPRequest/maximumResponseSize`` decoded bytes, and sends nothing of a request
/// whose header would not fit on one line (``HTTPHeaders/checkEveryFieldFitsOnOneLine()``).
public protocol HTTPTransport: Sendable {
    /// The engine under the transport, with its version where it is known (`libcurl/8.5.0`,
    /// `URLSession`): a client's default `User-Agent` names it, so that a server's operator
    /// can tell which engine spoke. Reading it may load the engine (libcurl), so a client
    /// reads it only when it sends.
    var engine: String { get }

    /// Sends `request` and returns the server's answer, whatever its status.
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse

    /// Sends `request` and returns as soon as the answer's head has arrived, its body to be
    /// read as it arrives (see ``HTTPBody``), whatever its status. For a body that may be
    /// large (a file to download): ``HTTPRequest/maximumResponseSize`` still bounds it, and
    /// ``HTTPRequest/timeout`` bounds the wait for the head and every wait for more bytes,
    /// not the whole transfer, while a reader that pauses it stops no clock.
    func stream(_ request: HTTPRequest) async throws(TransportError) -> HTTPStreamedResponse
}

extension HTTPTransport {
    /// A transport that does not say which engine it drives (a test double) is named by its type.
    public var engine: String { String(describing: Self.self) }

    /// The whole answer of ``send(_:)``, its body handed over as one chunk: for a transport
    /// whose bodies are in memory anyway (the mock API in process, a test double).
    public func stream(_ request: HTTPRequest) async throws(TransportError) -> HTTPStreamedResponse {
        let response = try await send(request)
        return HTTPStreamedResponse(
            status: response.status, headers: response.headers, body: HTTPBody(whole: response.body))
    }
}
