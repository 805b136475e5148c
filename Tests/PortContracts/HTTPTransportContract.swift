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
        answers + headers + failures + limits + cancellation + streaming
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
}

extension Result {
    /// The failure, if it is one.
    var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
