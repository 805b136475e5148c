import AsyncPrimitives
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
///
/// A streamed body (``stream(_:)``) suspends its task while the reader is behind. On Apple
/// platforms that stops the reading; on Linux, FoundationNetworking queues every chunk for
/// the delegate before the transport sees it, so memory follows the body there (a 200 MiB
/// body peaked at 190 MB, against 33 MB for ``/CurlTransport/CurlTransport``, Linux's default).
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
        let task = session.dataTask(with: try Self.urlRequest(for: request))
        let answer: (Data, HTTPURLResponse) = try await Self.run(task) {
            tasks.register(task, limit: request.maximumResponseSize, timeout: request.timeout, continuation: $0)
        }
        return HTTPResponse(status: answer.1.statusCode, headers: Self.headers(of: answer.1), body: answer.0)
    }

    /// Sends `request` and returns once its head has arrived, its body to be read as it
    /// arrives; see ``/Ports/HTTPTransport/stream(_:)``. A reader that falls behind
    /// suspends the task until it catches up, on Apple platforms; on Linux the body is
    /// buffered instead (FoundationNetworking's `suspend` can trap mid-transfer, and its own
    /// buffers grow with the body anyway: ``/CurlTransport/CurlTransport`` streams there). The body is cancelled when its reader cancels
    /// it, its reading task is cancelled, or the last copy of it goes away.
    public func stream(_ request: HTTPRequest) async throws(TransportError) -> HTTPStreamedResponse {
        let task = session.dataTask(with: try Self.urlRequest(for: request))
        let channel = ByteChannel<TransportError>(capacity: Self.bufferedPerStream) { [tasks] in
            tasks.resumeReading(task)
        }
        let head: HTTPURLResponse = try await Self.run(task) {
            tasks.register(
                task, limit: request.maximumResponseSize, timeout: request.timeout, streamingInto: channel, head: $0)
        }
        let owner = StreamedTask(task, of: self)
        let body = HTTPBody(
            next: { () async throws(TransportError) -> Data? in try await channel.next() },
            cancel: {
                // Ended here, at once: a sink the body drains into gets no byte after the cancel.
                channel.discard(throwing: TransportError(.cancelled, "the reader cancelled the body"))
                owner.cancel()
            },
            drain: { sink async throws(TransportError) -> Bool in try await channel.drain(into: sink) })
        return HTTPStreamedResponse(status: head.statusCode, headers: Self.headers(of: head), body: body)
    }

    /// Starts `task` once `register` has handed the delegate the continuation its caller
    /// waits on, and returns what that is answered; the task is cancelled with the caller's.
    private static func run<Answer>(
        _ task: URLSessionDataTask, registering register: (CheckedContinuation<Answer, any Error>) -> Void
    ) async throws(TransportError) -> Answer {
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    register(continuation)
                    task.resume()
                }
            } onCancel: {
                task.cancel()
            }
        } catch {
            throw URLErrorMapping.transportError(for: error)
        }
    }

    /// The body bytes that may wait for a slow reader before its task is suspended.
    public static let bufferedPerStream = 1 << 20

    /// `request` as URLSession takes it; one with a line break in a header is refused, as
    /// URLSession would pass it on to the wire.
    private static func urlRequest(for request: HTTPRequest) throws(TransportError) -> URLRequest {
        try request.headers.checkEveryFieldFitsOnOneLine()
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        // One assignment costs a fifth of setting each header (each is normalized separately).
        urlRequest.allHTTPHeaderFields = Dictionary(
            request.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        return urlRequest
    }

    private static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            if let name = name as? String { headers.append(name: name, value: "\(value)") }
        }
        return headers
    }
}

/// A streamed task as its body's reader holds it: cancelled when the last copy of the
/// body goes away unread, so an abandoned download frees its connection. It keeps its
/// transport too, whose end cancels every task of its session: a body read after the
/// transport's last other reference went away (a transport made for one download) still
/// comes whole.
private final class StreamedTask: @unchecked Sendable {  // URLSessionTask is thread-safe, not marked Sendable on Linux
    private let task: URLSessionTask
    private let transport: URLSessionTransport

    init(_ task: URLSessionTask, of transport: URLSessionTransport) {
        self.task = task
        self.transport = transport
    }

    deinit { task.cancel() }

    func cancel() { task.cancel() }
}
