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
/// reading it whole.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the body and the response.
    func send(_ request: URLRequest, maximumResponseSize: Int) async throws -> (Data, HTTPURLResponse)
}
