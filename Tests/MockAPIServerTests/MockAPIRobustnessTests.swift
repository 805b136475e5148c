import Foundation
import PortContracts
import Testing

@Suite("Mock API server: garbage on the socket")
struct MockAPIRobustnessTests {
    static let token = "X-API-TOKEN: \(Probe.apiToken)\r\n"

    @Test(arguments: [
        ("GARBAGE\r\n\r\n", "400"),
        ("\u{1}\u{2}\u{3}\u{ff}\r\n\r\n", "400"),
        ("POST /api/v1/auth/refresh HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", "400"),
        ("POST /api/v1/auth/refresh HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", "400"),
        ("POST /api/v1/auth/refresh HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n", "413"),
        ("GET /api/v1/episodes HTTP/1.1\r\nHost: x\r\nthis line has no colon\r\n\r\n", "400"),
        ("POST /api/v1/auth/refresh HTTP/1.1\r\nHost: x\r\n\(token)Content-Length: 3\r\n\r\n{{{", "400"),
    ])
    func badRequestsGetA4xxAndTheServerKeepsServing(request: String, status: String) async throws {
        try await MockAPIServer.with { server async throws in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(request)
            let answer = connection.receive { $0.contains("\r\n\r\n") }
            #expect(answer.hasPrefix("HTTP/1.") && answer.dropFirst(9).hasPrefix(status), "\(answer.prefix(40))")
            #expect(try await Probe(server).send("GET", "/episodes").status == 200)
        }
    }

    @Test func aClientThatDisconnectsMidRequestDoesNotHurtTheServer() async throws {
        try await MockAPIServer.with { server async throws in
            for partial in [
                "GET /api/v1/epi", "POST /api/v1/auth/refresh HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"re",
            ] {
                let connection = try RawHTTPConnection(port: server.port)
                try connection.send(partial)
                connection.finishSending()
                _ = connection.receive()
            }
            #expect(try await Probe(server).send("GET", "/episodes").status == 200)
        }
    }

    @Test func keepAliveServesPipelinedRequestsOnOneConnection() async throws {
        try await MockAPIServer.with { server async throws in
            let connection = try RawHTTPConnection(port: server.port)
            let request = "GET /api/v1/episodes HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.token)\r\n"
            try connection.send(request + request)
            let answer = connection.receive {
                $0.components(separatedBy: "HTTP/1.1 200").count == 3 && $0.hasSuffix("]")
            }
            #expect(answer.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
        }
    }
}
