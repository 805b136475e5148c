import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A response body read as it arrives, one chunk at a time, by one reader.
///
/// The transport holds at most a bounded amount the reader has not taken yet: a reader
/// slower than the network pauses the transfer rather than the memory growing with the body.
/// The body ends with `nil` once the last byte was read, or with the error that cut it
/// short: a body shorter than its `Content-Length` is `connectionLost`, never an end.
///
/// ```swift
/// let response = try await transport.stream(request)
/// while let chunk = try await response.body.next() { try file.write(contentsOf: chunk) }
/// ```
public struct HTTPBody: Sendable {
    /// Takes a body's bytes as they arrive, in order (see ``drain(into:)``); `false` stops there.
    public typealias Sink = @Sendable (UnsafeRawBufferPointer) -> Bool

    private let nextChunk: @Sendable () async throws(TransportError) -> Data?
    private let stop: @Sendable () -> Void
    private let handOver: (@Sendable (@escaping Sink) async throws(TransportError) -> Bool)?
    /// Set by ``cancel()``: what was buffered, or a transfer that ended meanwhile, is not handed over after it.
    private let cancelled = Shared(false)

    /// A body whose chunks `next` hands over, in order, `nil` at the end; `cancel` stops the
    /// transfer (and makes the next `next` throw `cancelled`). A reading task cancelled while
    /// `next` waits calls `cancel`, which must then end that wait. A transport that can hand
    /// its bytes to a sink on its own thread gives `drain` (see ``drain(into:)``).
    public init(
        next: @escaping @Sendable () async throws(TransportError) -> Data?, cancel: @escaping @Sendable () -> Void,
        drain: (@Sendable (@escaping Sink) async throws(TransportError) -> Bool)? = nil
    ) {
        nextChunk = next
        stop = cancel
        handOver = drain
    }

    /// A body that arrived whole: one chunk (none when it is empty), then the end.
    public init(whole data: Data) {
        let remaining = Shared(data.isEmpty ? nil : data)
        self.init(next: { remaining.value.withLock { $0.take() } }, cancel: {})
    }

    /// The next chunk, waiting until one arrives; `nil` after the last. A task cancelled before
    /// it asks, or while it waits, stops the transfer and throws `cancelled`: what was
    /// buffered is not handed over.
    public func next() async throws(TransportError) -> Data? {
        try await cancellable(nextChunk)
    }

    /// Hands the rest of the body to `sink` instead of reading it chunk by chunk: `true` once
    /// the body ended and `sink` took all of it; `false` when `sink` refused a chunk, and the
    /// transfer is stopped. A transport that can calls `sink` on its own thread with the bytes
    /// as it holds them (no copy, no hop to the reader's task), so `sink` must be quick: the
    /// libcurl transport's other transfers wait while it writes. Cancelling the task stops the
    /// transfer and throws `cancelled`, as ``next()`` does.
    public func drain(into sink: @escaping Sink) async throws(TransportError) -> Bool {
        guard let handOver else {
            while let chunk = try await next() {
                guard chunk.withUnsafeBytes(sink) else {
                    cancel()
                    return false
                }
            }
            return true
        }
        let took = try await cancellable { () async throws(TransportError) in try await handOver(sink) }
        if !took { cancel() }
        return took
    }

    /// Runs `step` unless the body or the task was cancelled; a task cancelled while it waits
    /// stops the transfer. Either way it throws `cancelled`.
    private func cancellable<T: Sendable>(_ step: () async throws(TransportError) -> T)
        async throws(TransportError) -> T
    {
        guard !cancelled.value.withLock({ $0 }) else {
            throw TransportError(.cancelled, "the reader cancelled the body")
        }
        guard !Task.isCancelled else {
            cancel()
            throw TransportError(.cancelled, "the reading task was cancelled")
        }
        let outcome = await withTaskCancellationHandler { () async -> Result<T, TransportError> in
            do throws(TransportError) {
                return .success(try await step())
            } catch {
                return .failure(error)
            }
        } onCancel: {
            cancel()
        }
        return try outcome.get()
    }

    /// Stops the transfer: the reader wants no more of the body, and every later ``next()``
    /// throws `cancelled`.
    public func cancel() {
        cancelled.value.withLock { $0 = true }
        stop()
    }
}

/// A response whose head has arrived and whose body is still arriving.
public struct HTTPStreamedResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    /// The body, read by one reader.
    public var body: HTTPBody

    /// A response with `status` and `headers`, its body to come through `body`.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: HTTPBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A value shared by a body's copies: the one chunk of a body that arrived whole, whether its reader cancelled it.
private final class Shared<Value: Sendable>: Sendable {
    let value: Mutex<Value>

    init(_ value: Value) {
        self.value = Mutex(value)
    }
}
