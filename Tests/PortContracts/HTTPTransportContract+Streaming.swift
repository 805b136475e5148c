import Domain
import Foundation
import Ports
import Synchronization
import Testing

extension Contract where Subject == HTTPTransportSubject {
    /// What every transport's streamed body does: the bytes in order, the limit, a body cut
    /// short, a reader that stops or falls behind, a head that never comes.
    static var streaming: [HTTPTransportContract] {
        [
            HTTPTransportContract("a streamed body arrives byte for byte, as send gets it") { subject in
                try await MockAPIServer.with { server async throws in
                    let transport = subject.make()
                    let request = HTTPRequest(
                        method: "GET", url: server.adminURL("bytes/5000000"), maximumResponseSize: 8 << 20)
                    let response = try await transport.stream(request)
                    #expect(response.status == 200 && response.headers["Content-Length"] == "5000000")
                    #expect(try await readAll(response.body) == (try await transport.send(request)).body)
                }
            },
            HTTPTransportContract("a streamed body past the limit is tooLarge") { subject in
                try await MockAPIServer.with { server async throws in
                    let request = HTTPRequest(
                        method: "GET", url: server.adminURL("bytes/100000"), maximumResponseSize: 99_999)
                    #expect(await streamedOutcome(subject.make(), request).failure?.cause == .tooLarge)
                }
            },
            HTTPTransportContract("a body cut short ends in connectionLost, never in an end") { subject in
                try await MockAPIServer.with { server async throws in
                    try await server.admin.inject(.stall(0, route: MockAPIRoute.episodes))
                    let failure = await streamedOutcome(subject.make(), server.request("episodes")).failure
                    #expect(failure?.cause == .connectionLost, "\(String(describing: failure))")
                }
            },
            HTTPTransportContract("a compressed body read slowly stops at its limit, as tooLarge") { subject in
                try await MockAPIServer.with { server async throws in
                    try await server.admin.inject(.gzipBomb(inflatingTo: 200 << 20, route: MockAPIRoute.episodes))
                    let limit = 10 << 20
                    let body = try await subject.make().stream(server.request("episodes", limit: limit)).body
                    var count = 0
                    var failure: TransportError?
                    do {
                        // The reader falls behind at once, as a writer to a slow disk does.
                        while let chunk = try await body.next() {
                            count += chunk.count
                            if count < 1 << 20 { try await Task.sleep(for: .milliseconds(100)) }
                        }
                    } catch let error as TransportError {
                        failure = error
                    }
                    #expect(failure?.cause == .tooLarge, "\(String(describing: failure))")
                    #expect(count <= limit, "\(count) decoded bytes handed over, past the limit of \(limit)")
                }
            },
            HTTPTransportContract("a slow reader gets every byte") { subject in
                try await MockAPIServer.with { server async throws in
                    // Six times what a transport buffers for a reader, so that it pauses and goes on
                    // again and again; not more, as every sleep of a loaded machine's test
                    // runtime can take far longer than asked.
                    let request = HTTPRequest(
                        method: "GET", url: server.adminURL("bytes/6000000"), maximumResponseSize: 8 << 20)
                    let body = try await subject.make().stream(request).body
                    var count = 0
                    while let chunk = try await body.next() {
                        #expect(chunk.allSatisfy { $0 == UInt8(ascii: "x") })
                        count += chunk.count
                        try await Task.sleep(for: .milliseconds(2))  // far slower than loopback
                    }
                    #expect(count == 6_000_000)
                }
            },
            HTTPTransportContract("a body read after its transport went away comes whole") { subject in
                try await MockAPIServer.with { server async throws in
                    let request = HTTPRequest(
                        method: "GET", url: server.adminURL("bytes/5000000"), maximumResponseSize: 8 << 20)
                    // The transport is a temporary, gone (its deinit run) once `stream` returned: only the
                    // body keeps what it needs. The body is several times what waits for a reader, so
                    // the transfer pauses and goes on again after the transport's end.
                    let body = try await subject.make().stream(request).body
                    #expect(try await readAll(body).count == 5_000_000)
                }
            },
            HTTPTransportContract("a reader that cancels mid-body stops the transfer") { subject in
                try await MockAPIServer.with { server async throws in
                    let request = HTTPRequest(
                        method: "GET", url: server.adminURL("bytes/200000000"), maximumResponseSize: 256 << 20)
                    let transport = subject.make()
                    let body = try await transport.stream(request).body
                    _ = try await body.next()
                    body.cancel()
                    let after = await Result { () async throws(TransportError) in
                        while try await body.next() != nil {}
                    }
                    #expect(after.failure?.cause == .cancelled)
                    // The transport still serves: the cancelled transfer left nothing stuck.
                    #expect(try await transport.send(server.request("episodes")).status == 200)
                }
            },
            HTTPTransportContract("a body cancelled after it all arrived hands nothing more over") { subject in
                try await MockAPIServer.with { server async throws in
                    // A body small enough to come in the head's packet, likely in when the head is; in
                    // or not, nothing of it is handed over once cancelled.
                    let body = try await subject.make().stream(
                        HTTPRequest(method: "GET", url: server.adminURL("bytes/1000"))
                    ).body
                    body.cancel()
                    let after = await Result { () async throws(TransportError) in try await body.next() }
                    #expect(after.failure?.cause == .cancelled)
                }
            },
            HTTPTransportContract("a reading task cancelled while it waits ends as cancelled") { subject in
                try await MockAPIServer.with { server async throws in
                    try await server.admin.inject(.trickle(every: 1, route: MockAPIRoute.episodes))
                    let body = try await subject.make().stream(server.request("episodes", timeout: 240)).body
                    // The reader waits for the trickle's next byte, a second away, once it has its first.
                    let (firstChunk, arrived) = AsyncStream.makeStream(of: Void.self)
                    let reading = Task { () async -> Result<Int, TransportError> in
                        await Result { () async throws(TransportError) -> Int in
                            var count = 0
                            while let chunk = try await body.next() {
                                count += chunk.count
                                arrived.yield()
                            }
                            return count
                        }
                    }
                    for await _ in firstChunk { break }
                    reading.cancel()
                    #expect(await reading.value.failure?.cause == .cancelled)
                }
            },
            HTTPTransportContract("a reading task cancelled between chunks gets no more of them") { subject in
                try await MockAPIServer.with { server async throws in
                    let request = HTTPRequest(
                        method: "GET", url: server.adminURL("bytes/5000000"), maximumResponseSize: 8 << 20)
                    let body = try await subject.make().stream(request).body
                    let reading = Task { () async -> Result<Int, TransportError> in
                        await Result { () async throws(TransportError) -> Int in
                            _ = try await body.next()
                            withUnsafeCurrentTask { $0?.cancel() }  // as a Ctrl-C's handler cancels a download
                            var more = 0
                            while let chunk = try await body.next() { more += chunk.count }
                            return more
                        }
                    }
                    let outcome = await reading.value
                    #expect(outcome.failure?.cause == .cancelled, "\(outcome)")
                }
            },
            HTTPTransportContract("a body drained into a sink arrives byte for byte, as send gets it") { subject in
                try await MockAPIServer.with { server async throws in
                    let transport = subject.make()
                    let request = HTTPRequest(
                        method: "GET", url: server.adminURL("bytes/5000000"), maximumResponseSize: 8 << 20)
                    let sink = SinkRecord()
                    let tookAll = try await transport.stream(request).body.drain(into: sink.take)
                    #expect(tookAll)
                    #expect(sink.bytes == (try await transport.send(request)).body)
                }
            },
            HTTPTransportContract("a sink that refuses a chunk stops the body there") { subject in
                try await MockAPIServer.with { server async throws in
                    let request = HTTPRequest(
                        method: "GET", url: server.adminURL("bytes/5000000"), maximumResponseSize: 8 << 20)
                    let sink = SinkRecord(refusingAfter: 1)
                    let tookAll = try await subject.make().stream(request).body.drain(into: sink.take)
                    #expect(!tookAll)
                    #expect(sink.calls == 2, "the sink was called after it refused")
                }
            },
            HTTPTransportContract("a drain cancelled in the sink gets no byte after it") { subject in
                try await MockAPIServer.with { server async throws in
                    let request = HTTPRequest(
                        method: "GET", url: server.adminURL("bytes/5000000"), maximumResponseSize: 8 << 20)
                    let body = try await subject.make().stream(request).body
                    let sink = SinkRecord()
                    let cancelling = CancelOnDemand<Result<Bool, TransportError>, Never>()
                    // The drain starts once the task is held, so that the first chunk's cancel is not lost.
                    let (held, hold) = AsyncStream.makeStream(of: Void.self)
                    let draining = Task { () async -> Result<Bool, TransportError> in
                        for await _ in held { break }
                        return await Result { () async throws(TransportError) -> Bool in
                            try await body.drain { bytes in
                                // As a Ctrl-C's handler cancels a download while its bytes are written.
                                defer { cancelling.cancel() }
                                return sink.take(bytes)
                            }
                        }
                    }
                    cancelling.hold(draining)
                    hold.finish()
                    let outcome = await draining.value
                    #expect(outcome.failure?.cause == .cancelled, "\(outcome)")
                    #expect(
                        sink.calls == 1, "\(sink.calls) chunks were handed to the sink, the first one's cancel aside")
                }
            },
            HTTPTransportContract("a head that does not come within the timeout is timedOut") { subject in
                try await MockAPIServer.with { server async throws in
                    try await server.admin.inject(.latency(120, route: MockAPIRoute.episodes))
                    let failure = await streamedOutcome(subject.make(), server.request("episodes", timeout: 1)).failure
                    #expect(failure?.cause == .timedOut, "\(String(describing: failure))")
                }
            },
        ]
    }

    /// Every byte of `body`.
    static func readAll(_ body: HTTPBody) async throws(TransportError) -> Data {
        var data = Data()
        while let chunk = try await body.next() { data.append(chunk) }
        return data
    }

    /// The whole streamed body of `request`, or the failure of its head or of its body.
    static func streamedOutcome(_ transport: any HTTPTransport, _ request: HTTPRequest) async -> Result<
        Data, TransportError
    > {
        await Result { () async throws(TransportError) -> Data in
            try await readAll(try await transport.stream(request).body)
        }
    }
}

/// What a sink was handed, and how often; it refuses every chunk past `refusingAfter`.
final class SinkRecord: Sendable {
    private let state = Mutex((bytes: Data(), calls: 0))
    private let refusingAfter: Int

    init(refusingAfter: Int = .max) {
        self.refusingAfter = refusingAfter
    }

    var bytes: Data { state.withLock { $0.bytes } }
    var calls: Int { state.withLock { $0.calls } }

    func take(_ chunk: UnsafeRawBufferPointer) -> Bool {
        state.withLock { state in
            state.calls += 1
            guard state.calls <= refusingAfter else { return false }
            state.bytes.append(contentsOf: chunk)
            return true
        }
    }
}

extension MockAPIServer {
    /// `/__admin/PATH` on this server.
    func adminURL(_ path: String) -> URL {
        baseURL.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("__admin/" + path)
    }
}

extension Result where Failure == TransportError {
    /// The outcome of `body`.
    init(_ body: () async throws(TransportError) -> Success) async {
        do throws(TransportError) {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
