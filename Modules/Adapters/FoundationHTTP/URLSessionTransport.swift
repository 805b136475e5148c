import Foundation
import Ports

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live ``HTTPTransport``: one `URLSession` with keep-alive connections.
///
/// It never follows a redirect (the client does, safely), answers an authentication
/// challenge with the server's own 401 at once, keeps no cookies and no cache,
/// stops reading a body as soon as it passes the size limit (or the declared length
/// does), and fails a request that has not finished within its `timeoutInterval` of being
/// sent — however the server spreads its bytes; Linux's URLSession alone only notices
/// silence, and not once the headers have arrived.
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

    /// Sends `request`; see ``HTTPTransport``.
    public func send(_ request: URLRequest, maximumResponseSize: Int) async throws -> (Data, HTTPURLResponse) {
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                tasks.register(
                    task, limit: maximumResponseSize, timeout: request.timeoutInterval, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}
