import AsyncPrimitives
import Ports
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The ``/Ports/HTTPTransport`` of Linux: libcurl — the engine URLSession itself uses
/// there — driven directly, loaded at run time on the first request.
///
/// One multi handle on one thread sleeping in `curl_multi_poll` serves every request of
/// a transport (see `CurlEngine`). Each request has curl's own deadline
/// (`CURLOPT_TIMEOUT_MS`, which a trickling server cannot stretch), follows no redirect,
/// negotiates no authentication (a 401 returns at once), keeps no cookies, accepts every
/// encoding curl decodes and counts the limit in decoded bytes, and is removed from curl
/// the moment its task is cancelled. Proxies come from the environment as libcurl reads it
/// (`https_proxy`, `no_proxy`, …); trust is the system's store unless
/// ``CertificateAuthorities`` says otherwise.
public final class CurlTransport: HTTPTransport {
    /// The most connections open to one origin (scheme, host, port) at once: a burst of
    /// requests beyond it waits for one of them, which stays open for the next, instead of
    /// opening (and later closing) one connection per request in flight. Over HTTP/2 the
    /// requests share one connection as streams.
    public static let connectionsPerOrigin = 8
    /// The most connections open at once, to every origin together, and kept for reuse.
    public static let connectionsInAll = 32

    private let authorities: CertificateAuthorities
    /// Started with the first request, so that a transport that sends nothing never loads libcurl.
    private let started = Mutex<Result<CurlEngine, TransportError>?>(nil)

    /// A transport trusting `authorities`; libcurl is not loaded until it sends.
    public init(certificateAuthorities authorities: CertificateAuthorities = .system) {
        self.authorities = authorities
    }

    deinit {
        if case .success(let engine) = started.withLock({ $0 }) { engine.stop() }
    }

    /// Ends the transport before the process ends: requests still in flight are answered
    /// `cancelled`, every connection is closed and libcurl's state is freed on the engine's
    /// thread, which has ended when this returns (at once when nothing was ever sent).
    /// Requests sent afterwards fail.
    ///
    /// Call it before `exit`. libcrypto frees its global state in an exit handler
    /// (`OPENSSL_cleanup`), and a process whose engine is still freeing a connection's TLS
    /// state on its own thread meanwhile may crash on its way out. Blocks the caller for as
    /// long as libcurl takes to close its connections, which waits for no server.
    public func shutDown() {
        let engine = started.withLock { slot -> CurlEngine? in
            defer { slot = .failure(TransportError(.other, "the transport was shut down (CurlTransport.shutDown)")) }
            guard case .success(let engine) = slot else { return nil }
            return engine
        }
        engine?.stop(cancellingTheRest: true)
    }

    /// `libcurl/8.5.0`, the libcurl loaded (which reading this loads); `libcurl` when it cannot be.
    public var engine: String {
        switch LibCurl.shared {
        case .success(let curl): curl.version
        case .failure: "libcurl"  // the first request says why it cannot be loaded
        }
    }

    /// Sends `request`; see ``/Ports/HTTPTransport``.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let (engine, transfer) = try start(request, streamed: false)
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.delivery = .whole(continuation)
                engine.submit(transfer)
            }
        } onCancel: {
            engine.cancel(transfer)
        }
        return try outcome.get()
    }

    /// Sends `request` and returns once its head has arrived, its body to be read as it
    /// arrives; see ``/Ports/HTTPTransport/stream(_:)``. The body is cancelled when its
    /// reader cancels it, its reading task is cancelled, or the last copy of it goes away.
    public func stream(_ request: HTTPRequest) async throws(TransportError) -> HTTPStreamedResponse {
        let (engine, transfer) = try start(request, streamed: true)
        let channel = ByteChannel<TransportError>(capacity: Self.bufferedPerStream) { engine.resume(transfer) }
        let head = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.delivery = .streamed(head: continuation, body: channel)
                engine.submit(transfer)
            }
        } onCancel: {
            engine.cancel(transfer)
        }
        let (status, headers) = try head.get()
        let owner = StreamedTransfer(engine: engine, transfer: transfer)
        let body = HTTPBody(
            next: { () async throws(TransportError) -> Data? in try await channel.next() },
            cancel: {
                // Ended here, at once: a sink the body drains into gets no byte after the cancel.
                channel.discard(throwing: TransportError(.cancelled, "the reader cancelled the body"))
                owner.cancel()
            },
            drain: { sink async throws(TransportError) -> Bool in try await channel.drain(into: sink) })
        return HTTPStreamedResponse(status: status, headers: headers, body: body)
    }

    /// The body bytes that may wait for a slow reader before its transfer pauses: a streamed
    /// download holds this (and one 512 KiB read) however large the file. A whole HLS part
    /// (6 s of 720p is about 2 MiB) passes through it in a few pauses; a plain file holds it
    /// only until its drain starts (bench row 15b: 1 MiB here cost 0.8 MiB of peak memory).
    public static let bufferedPerStream = 256 << 10

    /// A transfer of `request` and the engine it goes to, started with the first; none once
    /// the caller's task is cancelled.
    private func start(_ request: HTTPRequest, streamed: Bool) throws(TransportError) -> (CurlEngine, CurlTransfer) {
        if Task.isCancelled { throw TransportError(.cancelled, "cancelled before it was sent") }
        let curl = try LibCurl.shared.get()
        let engine = try started.withLock { slot in
            if let engine = slot { return engine }
            let engine = Result { () throws(TransportError) in try CurlEngine(curl: curl) }
            slot = engine
            return engine
        }.get()
        return (engine, try CurlTransfer(request, curl: curl, authorities: authorities, streamed: streamed))
    }
}

/// A streamed transfer as its body's reader holds it: cancelled when the last copy of the
/// body goes away unread, so an abandoned download frees its connection.
private final class StreamedTransfer: Sendable {
    private let engine: CurlEngine
    private let transfer: CurlTransfer

    init(engine: CurlEngine, transfer: CurlTransfer) {
        self.engine = engine
        self.transfer = transfer
    }

    deinit { engine.cancel(transfer) }

    func cancel() { engine.cancel(transfer) }
}
