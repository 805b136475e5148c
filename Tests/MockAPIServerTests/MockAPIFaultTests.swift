import Domain
import Foundation
import PortContracts
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Array where Element == Substring {
    /// The two halves of a split in two, or `nil`.
    fileprivate var pairs: (Substring, Substring)? { count == 2 ? (self[0], self[1]) : nil }
}

@Suite("Mock API server: injected faults")
struct MockAPIFaultTests {
    @Test func latencyDelaysTheAnswer() async throws {
        try await MockAPIServer.with { server async throws in
            try await server.admin.inject(.latency(0.4, route: MockAPIRoute.episodes))
            let clock = ContinuousClock()
            let start = clock.now
            let reply = try await Probe(server).send("GET", "/episodes")
            #expect(reply.status == 200)
            #expect(clock.now - start >= .milliseconds(400))
        }
    }

    /// A hold with a status keeps a video's 200 waiting but lets its 401 go at once, so that
    /// a client is certainly still waiting for the answer it needs.
    @Test func aHoldWithAStatusHoldsOnlyThatAnswer() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let tokens = try await probe.signIn()
            try await server.admin.inject(.hold(60, route: MockAPIRoute.video, count: -1, status: 200))
            let path = "/videos/\(Probe.knownVideoID)"
            let clock = ContinuousClock()
            let start = clock.now
            #expect(try await probe.get(path, bearer: "expired").status == 401)
            #expect(clock.now - start < .seconds(30), "half the hold: the 401 did not wait")
            let held = Task {
                try await probe.send(
                    "GET", path, headers: ["Authorization": "Bearer \(tokens.accessToken)"], baseURL: nil, timeout: 120)
            }
            // Once the server has it, the 200 is held: the call is still waiting when it is cancelled.
            let deadline = clock.now + .seconds(30)
            while try await server.admin.count("GET", path: "/api/v1" + path) < 2, clock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            held.cancel()
            await #expect(throws: (any Error).self, "the 200 was not held") { try await held.value }
            #expect(try await server.admin.count("GET", path: "/api/v1" + path) == 2, "both were served")
        }
    }

    @Test func statusAnswersTheNextRequestsThenStops() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            try await server.admin.inject(.status(503, retryAfter: 2, route: MockAPIRoute.episodes, count: 2))
            for _ in 0..<2 {
                let reply = try await probe.send("GET", "/episodes")
                #expect(reply.status == 503)
                #expect(reply.header("Retry-After") == "2")
            }
            #expect(try await probe.send("GET", "/episodes").status == 200)
        }
    }

    @Test func malformedAnswersWithABodyThatIsNotJSON() async throws {
        try await MockAPIServer.with { server async throws in
            try await server.admin.inject(.malformed(route: MockAPIRoute.episodes))
            let reply = try await Probe(server).send("GET", "/episodes")
            #expect(reply.status == 200)
            #expect((try? JSONSerialization.jsonObject(with: reply.body)) == nil)
        }
    }

    @Test func dropClosesTheConnectionWithoutAnAnswer() async throws {
        try await MockAPIServer.with { server async throws in
            try await server.admin.inject(.drop(route: MockAPIRoute.episodes))
            await #expect(throws: URLError.self) { try await Probe(server).send("GET", "/episodes") }
            #expect(try await Probe(server).send("GET", "/episodes").status == 200)
        }
    }

    /// Read until the server closes the connection when the stall ends — not until a
    /// silence, which a busy machine could make before anything was sent.
    @Test func stallSendsTheHeadersAndPartOfTheBodyThenNothing() async throws {
        try await MockAPIServer.with { server async throws in
            try await server.admin.inject(.stall(1, route: MockAPIRoute.episodes))
            let connection = try RawHTTPConnection(port: server.port, timeout: 60)
            let clock = ContinuousClock()
            let start = clock.now
            try connection.send("GET /api/v1/episodes HTTP/1.1\r\nHost: x\r\n\(MockAPIRobustnessTests.token)\r\n")
            let answer = connection.receive()
            #expect(clock.now - start >= .seconds(1))  // nothing more came while the stall lasted
            let (head, body) = try #require(answer.split(separator: "\r\n\r\n", maxSplits: 1).pairs)
            let declared = try #require(head.split(separator: "\r\n").first { $0.hasPrefix("Content-Length:") })
            #expect(head.hasPrefix("HTTP/1.1 200"))
            #expect(Int(declared.dropFirst(15).trimmingCharacters(in: .whitespaces))! > body.utf8.count)
            #expect(!body.isEmpty)
            #expect(try await Probe(server).send("GET", "/episodes").status == 200)
        }
    }

    @Test func redirectPointsAtTheOtherLoopbackOrigin() async throws {
        try await MockAPIServer.with { server async throws in
            try await server.admin.inject(.redirect(route: MockAPIRoute.episodes))
            let probe = Probe(server)
            let reply = try await probe.send("GET", "/episodes?page=1")
            #expect(reply.status == 307)
            #expect(reply.header("Location") == "http://localhost:\(server.port)/api/v1/episodes?page=1")
            // The other origin is the same server, and the log tells which host a request reached.
            #expect(try await probe.send("GET", "/episodes", baseURL: server.otherOriginBaseURL).status == 200)
            let hosts = try await server.admin.requests().map(\.host)
            #expect(hosts == ["127.0.0.1:\(server.port)", "localhost:\(server.port)"])
        }
    }

    @Test func faultsCanBeClearedAndInstalledAtStartUp() async throws {
        let startUpFault = #"{"route": "GET /api/v1/episodes", "kind": "status", "status": 500}"#
        try await MockAPIServer.with(arguments: ["--fault", startUpFault]) { server async throws in
            let probe = Probe(server)
            #expect(try await probe.send("GET", "/episodes").status == 500)
            try await server.admin.inject(.status(502, count: -1))
            try await server.admin.clearFaults()
            #expect(try await probe.send("GET", "/episodes").status == 200)
        }
    }
}
