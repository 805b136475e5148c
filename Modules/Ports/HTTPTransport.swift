import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request: the seam under the API client.
///
/// The client's whole pipeline (endpoints, tokens, refresh, retries, redirect policy,
/// error mapping) runs unchanged over `URLSession`, the in-process mock API or a test
/// double. A transport does not follow redirects: it returns the 3xx response and the
/// client decides. It reports failures as `URLError` (`.timedOut`,
/// `.cannotConnectToHost`, `.networkConnectionLost`, `.cancelled`, …), and a body longer
/// than `maximumResponseSize` bytes as `URLError(.dataLengthExceedsMaximum)` without
/// reading it whole; the error's description keeps the networking library's own words,
/// from which the client tells the cause. A server's authentication challenge is not
/// answered: its 401 is returned like any response.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the body and the response.
    func send(_ request: URLRequest, maximumResponseSize: Int) async throws -> (Data, HTTPURLResponse)
}
