import Foundation
import Ports

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ``/Ports/HTTPTransport`` of Apple platforms: one `URLSession` with keep-alive
/// connections. (On Linux, ``/CurlTransport/CurlTransport`` drives libcurl, which URLSession itself wraps
/// there, directly; this one stays a choice for comparison.)
///
/// It never follows a redirect (the client does, safely), answers an authentication
/// challenge with the server's own 401 at once, keeps no cookies and no cache,
/// stops reading a body as soon as it passes the size limit (or the declared length
/// does), and fails a request that has not finished within its timeout of being sent —
/// however the server spreads its bytes; Linux's URLSession alone only notices silence,
/// and not once the headers have arrived.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let tasks: URLSessionTransportDelegate

    /// Creates a transport over a session that keeps nothing: no cookies, no cache, no
    /// credentials.
    public init() {
        #if canImport(FoundationNetworking)
            Self.keepTheSharedCacheOffDisk
        #endif
        let configuration = URLSessionConfiguration.default
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        tasks = URLSessionTransportDelegate()
        session = URLSession(configuration: configuration, delegate: tasks, delegateQueue: nil)
    }

    #if canImport(FoundationNetworking)
        /// On Linux, making any session configuration makes `URLCache.shared`, which creates
        /// `~/.cache/org.swift.foundation.URLCache/<program>` (world-readable) although this
        /// session has no cache; and `.ephemeral` makes one more such cache. A shared cache
        /// set first, with no memory, no disk and a path that cannot be created, keeps
        /// the disk untouched. (Making a configuration also makes the shared cookie
        /// storage's folder, `~/.local/share/<program>`, which no setting prevents.)
        private static let keepTheSharedCacheOffDisk: Void = {
            URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null/no-disk-cache")
        }()
    #endif

    deinit {
        session.invalidateAndCancel()
    }

    /// `URLSession` (Foundation's, which has no version of its own to tell).
    public var engine: String { "URLSession" }

    /// Sends `request`; see ``/Ports/HTTPTransport``.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        // URLSession would pass a line break on to the wire.
        try request.headers.checkEveryFieldFitsOnOneLine()
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        // One assignment costs a fifth of setting each header (each is normalized separately).
        urlRequest.allHTTPHeaderFields = Dictionary(
            request.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let task = session.dataTask(with: urlRequest)
        let answer: (Data, HTTPURLResponse)
        do {
            answer = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    tasks.register(
                        task, limit: request.maximumResponseSize, timeout: request.timeout, continuation: continuation)
                    task.resume()
                }
            } onCancel: {
                task.cancel()
            }
        } catch {
            throw URLErrorMapping.transportError(for: error)
        }
        var headers = HTTPHeaders()
        for (name, value) in answer.1.allHeaderFields {
            if let name = name as? String { headers.append(name: name, value: "\(value)") }
        }
        return HTTPResponse(status: answer.1.statusCode, headers: headers, body: answer.0)
    }
}
