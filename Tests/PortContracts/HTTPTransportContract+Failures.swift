import Domain
import Foundation
import Ports
import Testing

/// The contract's cases of requests that get no answer: failures, limits, cancellation.
extension Contract where Subject == HTTPTransportSubject {
    static var failures: [HTTPTransportContract] {
        [
            HTTPTransportContract("a refused connection is cannotConnect") { subject in
                try await LoopbackPort.with(.closed) { closed in
                    let request = HTTPRequest(method: "GET", url: closed.baseURL.appendingPathComponent("episodes"))
                    #expect(await outcome(subject.make(), request).failure?.cause == .cannotConnect)
                }
            },
            HTTPTransportContract("a connection closed without an answer is connectionLost") { subject in
                try await MockAPIServer.with { server async throws in
                    try await server.admin.inject(.drop(route: MockAPIRoute.episodes))
                    #expect(await outcome(subject.make(), server.request("episodes")).failure?.cause == .connectionLost)
                }
            },
            HTTPTransportContract("a POST whose reused connection dies unanswered is sent once, never again") {
                subject in
                try await MockAPIServer.with { server async throws in
                    let transport = subject.make()
                    // A connection to reuse.
                    #expect(try await transport.send(server.request("episodes")).status == 200)
                    try await server.admin.inject(.drop(route: MockAPIRoute.refresh))
                    let refresh = server.request(
                        "auth/refresh", method: "POST", body: Data(#"{"refreshToken": "r"}"#.utf8), timeout: 5)
                    // libcurl says connectionLost at once; Linux's URLSession waits for the timeout.
                    let cause = await outcome(transport, refresh).failure?.cause
                    #expect(cause == .connectionLost || cause == .timedOut, "\(String(describing: cause))")
                    #expect(try await server.admin.count(MockAPIRoute.refresh) == 1)
                }
            },
            HTTPTransportContract("a body cut short is connectionLost") { subject in
                try await MockAPIServer.with { server async throws in
                    try await server.admin.inject(.stall(0.2, route: MockAPIRoute.episodes))
                    #expect(await outcome(subject.make(), server.request("episodes")).failure?.cause == .connectionLost)
                }
            },
            HTTPTransportContract("an answer that never comes is timedOut at the deadline") { subject in
                try await MockAPIServer.with { server async throws in
                    try await server.admin.inject(.latency(120, route: MockAPIRoute.episodes))
                    let clock = ContinuousClock()
                    let start = clock.now
                    let failure = await outcome(subject.make(), server.request("episodes", timeout: 1)).failure
                    #expect(failure?.cause == .timedOut)
                    #expect(clock.now - start < .seconds(60), "half the server's two minutes")
                }
            },
            HTTPTransportContract("a body trickled past the deadline is timedOut, however steadily it comes") {
                subject in
                try await MockAPIServer.with { server async throws in
                    try await server.admin.inject(.trickle(every: 0.05, route: MockAPIRoute.episodes))
                    let failure = await outcome(subject.make(), server.request("episodes", timeout: 1)).failure
                    #expect(failure?.cause == .timedOut)  // the whole body would take 12 minutes
                }
            },
            HTTPTransportContract("a stalled body is timedOut at the deadline") { subject in
                try await MockAPIServer.with { server async throws in
                    try await server.admin.inject(.stall(120, route: MockAPIRoute.episodes))
                    #expect(
                        await outcome(subject.make(), server.request("episodes", timeout: 1)).failure?.cause
                            == .timedOut)
                }
            },
            HTTPTransportContract("https to a plain http server is tlsFailed") { subject in
                try await MockAPIServer.with { server async throws in
                    let request = HTTPRequest(
                        method: "GET", url: URL(string: "https://127.0.0.1:\(server.port)/api/v1/episodes")!)
                    #expect(await outcome(subject.make(), request).failure?.cause == .tlsFailed)
                }
            },
            HTTPTransportContract("a certificate nobody trusts is untrustedCertificate") { subject in
                try await TemporaryDirectory.with { directory async throws in
                    guard let tls = try await TLSCertificate.selfSigned(in: directory) else {
                        return try skip(because: "openssl is not installed (CI installs it)")
                    }
                    let arguments = ["--tls-cert", tls.certificate.path, "--tls-key", tls.key.path]
                    try await MockAPIServer.with(arguments: arguments) { server async throws in
                        let failure = await outcome(subject.make(), server.request("episodes")).failure
                        #expect(failure?.cause == .untrustedCertificate, "\(String(describing: failure))")
                        #expect(failure?.detail.isEmpty == false, "the library's words are kept")
                    }
                }
            },
        ]
    }

    static var limits: [HTTPTransportContract] {
        [
            HTTPTransportContract("a body of the limit arrives whole; one byte more is tooLarge") { subject in
                try await MockAPIServer.with { server async throws in
                    let transport = subject.make()
                    let admin = server.baseURL.deletingLastPathComponent().deletingLastPathComponent()
                    let exact = HTTPRequest(
                        method: "GET", url: admin.appendingPathComponent("__admin/bytes/100000"),
                        maximumResponseSize: 100_000)
                    #expect(try await transport.send(exact).body.count == 100_000)
                    var over = exact
                    over.maximumResponseSize = 99_999
                    #expect(await outcome(transport, over).failure?.cause == .tooLarge)
                }
            },
            HTTPTransportContract("a gzip bomb stops at the limit, counted in decoded bytes") { subject in
                try await MockAPIServer.with { server async throws in
                    try await server.admin.inject(.gzipBomb(inflatingTo: 64 << 20, route: MockAPIRoute.episodes))
                    let failure = await outcome(subject.make(), server.request("episodes", limit: 1 << 20)).failure
                    #expect(failure?.cause == .tooLarge)
                }
            },
        ]
    }

    static var cancellation: [HTTPTransportContract] {
        [
            HTTPTransportContract("a send cancelled before it starts ends as cancelled") { subject in
                try await MockAPIServer.with { server async throws in
                    let transport = subject.make()
                    for _ in 0..<50 {
                        let send = Task { () async -> Result<HTTPResponse, TransportError> in
                            withUnsafeCurrentTask { $0?.cancel() }
                            return await outcome(transport, server.request("episodes"))
                        }
                        #expect(await send.value.failure?.cause == .cancelled)
                    }
                }
            },
            HTTPTransportContract("a send cancelled while it waits ends at once as cancelled") { subject in
                try await MockAPIServer.with { server async throws in
                    try await server.admin.inject(.latency(120, route: MockAPIRoute.episodes))
                    let transport = subject.make()
                    let send = Task { await outcome(transport, server.request("episodes", timeout: 240)) }
                    try await server.admin.untilRequests(for: MockAPIRoute.episodes)
                    let clock = ContinuousClock()
                    let start = clock.now
                    send.cancel()
                    #expect(await send.value.failure?.cause == .cancelled)
                    #expect(clock.now - start < .seconds(60), "half the server's two minutes")
                }
            },
        ]
    }
}
