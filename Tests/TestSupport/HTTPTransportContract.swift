import Domain
import Foundation
import Ports
import Testing

/// The behaviour every ``HTTPTransport`` must have, against `Scripts/mock-api` over
/// loopback TCP. Each case starts the servers it needs and a fresh transport.
public typealias HTTPTransportContract = Contract<HTTPTransportSubject>

/// What the contract runs against: a way to make a fresh transport.
public struct HTTPTransportSubject: Sendable {
    public let make: @Sendable () -> any HTTPTransport

    public init(_ make: @escaping @Sendable () -> any HTTPTransport) {
        self.make = make
    }
}

extension MockAPIServer {
    /// A request for `path` below the API (`episodes`), with the API token.
    public func request(
        _ path: String, method: String = "GET", headers: HTTPHeaders = [:], body: Data? = nil,
        timeout: TimeInterval = 60, limit: Int = 10 << 20
    ) -> HTTPRequest {
        var request = HTTPRequest(
            method: method, url: baseURL.appendingPathComponent(path), headers: headers, body: body, timeout: timeout,
            maximumResponseSize: limit)
        request.headers["X-API-TOKEN"] = request.headers["X-API-TOKEN"] ?? DemoAccount.apiToken
        return request
    }
}

extension Contract where Subject == HTTPTransportSubject {
    /// Every case of the contract.
    public static var cases: [HTTPTransportContract] {
        answers + failures + limits + cancellation
    }

    /// Sends `request`, and the failure's cause when there is no answer.
    static func outcome(_ transport: any HTTPTransport, _ request: HTTPRequest) async -> Result<
        HTTPResponse, TransportError
    > {
        do throws(TransportError) {
            return .success(try await transport.send(request))
        } catch {
            return .failure(error)
        }
    }

    static var answers: [HTTPTransportContract] {
        [
            HTTPTransportContract("a GET answers the status, the headers by any case, and the body byte for byte") {
                subject in
                try await MockAPIServer.with { server async throws in
                    let response = try await subject.make().send(server.request("episodes"))
                    #expect(response.status == 200)
                    #expect(response.headers["content-type"] == "application/json")
                    #expect(response.headers["ETAG"] != nil)
                    #expect(response.body == (try Fixtures.data(named: "episodes-catalog")))
                }
            },
            HTTPTransportContract("a POST sends its headers and body, and a DELETE its method") { subject in
                try await MockAPIServer.with { server async throws in
                    let transport = subject.make()
                    let basic =
                        "Basic " + Data("\(DemoAccount.email):\(DemoAccount.password)".utf8).base64EncodedString()
                    let signIn = try await transport.send(
                        server.request("auth", method: "POST", headers: ["Authorization": basic]))
                    let tokens = try JSONDecoder().decode(TokenPair.self, from: signIn.body)
                    let bearer: HTTPHeaders = ["Authorization": "Bearer \(tokens.accessToken)"]
                    let path = "videos/\(MockAPIContract.knownVideoID)/progress"
                    let saved = try await transport.send(
                        server.request(path, method: "POST", headers: bearer, body: Data(#"{"cursor": 42}"#.utf8)))
                    #expect(try JSONDecoder().decode(VideoProgress.self, from: saved.body).cursor == 42)
                    #expect(
                        try await transport.send(server.request(path, method: "DELETE", headers: bearer)).status == 204)
                    let read = try await transport.send(server.request(path, headers: bearer))
                    #expect(try JSONDecoder().decode(VideoProgress.self, from: read.body).cursor == 0)
                }
            },
            HTTPTransportContract("a gzip body arrives decoded") { subject in
                try await MockAPIServer.with { server async throws in
                    try await server.admin.inject(.gzipBomb(inflatingTo: 100_000, route: MockAPIRoute.episodes))
                    let response = try await subject.make().send(server.request("episodes"))
                    #expect(response.body == Data(count: 100_000))
                }
            },
            HTTPTransportContract("a redirect is returned, not followed") { subject in
                try await MockAPIServer.with { server async throws in
                    try await server.admin.inject(.redirect(status: 307, route: MockAPIRoute.episodes))
                    let response = try await subject.make().send(server.request("episodes"))
                    #expect(
                        response.status == 307 && response.headers["Location"]?.contains("/api/v1/episodes") == true)
                    #expect(try await server.admin.count(MockAPIRoute.episodes) == 1)
                }
            },
            HTTPTransportContract("a challenge is returned at once with the server's own 401 and body") { subject in
                try await MockAPIServer.with(arguments: ["--www-authenticate", #"Basic realm="mock-api""#]) {
                    server async throws in
                    let basic = "Basic " + Data("\(DemoAccount.email):wrong".utf8).base64EncodedString()
                    let response = try await subject.make().send(
                        server.request("auth", method: "POST", headers: ["Authorization": basic], timeout: 120))
                    #expect(response.status == 401)
                    #expect(response.headers["WWW-Authenticate"] == #"Basic realm="mock-api""#)
                    #expect(try JSONDecoder().decode(ErrorResponse.self, from: response.body).reason == "Unauthorized")
                    #expect(try await server.admin.count(MockAPIRoute.signIn) == 1, "no second, negotiated attempt")
                }
            },
        ]
    }

    static var failures: [HTTPTransportContract] {
        [
            HTTPTransportContract("a refused connection is cannotConnect") { subject in
                let port = try await MockAPIServer.with { $0.port }  // free once the server stopped
                let request = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:\(port)/api/v1/episodes")!)
                #expect(await outcome(subject.make(), request).failure?.cause == .cannotConnect)
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
                    while try await server.admin.count(MockAPIRoute.episodes) == 0 {
                        try await Task.sleep(for: .milliseconds(10))
                    }
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

extension Result {
    /// The failure, if it is one.
    var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
