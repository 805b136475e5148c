import Domain
import Foundation
import PortContracts
import Testing

@Suite("Mock API server: counters, request log, reset, lifecycle")
struct MockAPIAdminTests {
    @Test func countersCountEveryRoute() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let tokens = try await probe.signIn()
            _ = try await probe.refresh(tokens.refreshToken)
            _ = try await probe.send("GET", "/episodes")
            _ = try await probe.send("GET", "/episodes")
            _ = try await probe.send("GET", "/nope")
            let counts = try await server.admin.counters()
            #expect(counts[MockAPIRoute.signIn] == 1)
            #expect(counts[MockAPIRoute.refresh] == 1)
            #expect(counts[MockAPIRoute.episodes] == 2)
            #expect(counts["unmatched"] == 1)
        }
    }

    @Test func requestsAreCountedPerPathAsWellAsPerRoute() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let tokens = try await probe.signIn()
            for video in [Probe.knownVideoID, Probe.knownVideoID, "1"] {
                _ = try await probe.get("/videos/\(video)", bearer: tokens.accessToken)
            }
            #expect(try await server.admin.count(MockAPIRoute.video) == 3)
            #expect(try await server.admin.count("GET", path: "/api/v1/videos/\(Probe.knownVideoID)") == 2)
            #expect(try await server.admin.count("GET", path: "/api/v1/videos/1") == 1)
            #expect(try await server.admin.count("POST", path: "/api/v1/videos/1") == 0)
        }
    }

    @Test func theRequestLogNamesTheClient() async throws {
        try await MockAPIServer.with { server async throws in
            _ = try await Probe(server).send("GET", "/episodes", headers: ["User-Agent": "probe/1.0 (tests)"])
            #expect(try await server.admin.requests().map(\.userAgent) == ["probe/1.0 (tests)"])
        }
    }

    @Test func theRequestLogShowsHeaderNamesButNeverValues() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let tokens = try await probe.signIn()
            _ = try await probe.get("/videos/\(Probe.knownVideoID)", bearer: tokens.accessToken)
            let log = try await server.admin.requests()
            #expect(log.map(\.path) == ["/api/v1/auth", "/api/v1/videos/\(Probe.knownVideoID)"])
            #expect(log.allSatisfy { $0.headers.contains("authorization") && $0.headers.contains("x-api-token") })
            let raw = String(decoding: try JSONEncoder().encode(log.map(\.headers)), as: UTF8.self)
            for secret in [tokens.accessToken, Probe.apiToken, Probe.demoCredentials] {
                #expect(!raw.contains(secret))
            }
        }
    }

    @Test func resetForgetsCountersTokensAndProgress() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let tokens = try await probe.signIn()
            try await server.admin.reset()
            #expect(try await server.admin.counters().values.reduce(0, +) == 0)
            #expect(try await server.admin.requests().isEmpty)
            #expect(try await probe.get("/videos/\(Probe.knownVideoID)", bearer: tokens.accessToken).status == 401)
        }
    }

    /// One client's requests one after another keep one connection; a second client opens
    /// another; the admin routes' own connections (these counters') never count.
    @Test func connectionsCountThoseThatCarriedARequest() async throws {
        try await MockAPIServer.with { server async throws in
            #expect(try await server.admin.connections() == 0)
            let first = Probe(server)
            for _ in 0..<3 { _ = try await first.send("GET", "/episodes") }
            #expect(try await server.admin.connections() == 1)
            _ = try await Probe(server).send("GET", "/episodes")
            #expect(try await server.admin.connections() == 2)
            try await server.admin.reset()
            #expect(try await server.admin.connections() == 0)
        }
    }

    @Test func sigtermStopsTheServerCleanly() async throws {
        let server = try await MockAPIServer.start()
        #expect(try await Probe(server).send("GET", "/episodes").status == 200)
        await server.stop()
        #expect(!server.isRunning)
        #expect(server.terminationStatus == 0)
    }

    @Test func twoThousandKeepAliveRequestsAllSucceed() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        var statuses: [Int] = []
                        for _ in 0..<500 { statuses.append(try await probe.send("GET", "/episodes").status) }
                        return statuses
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(statuses.count == 2_000)
            #expect(statuses.allSatisfy { $0 == 200 })
            #expect(try await server.admin.count(MockAPIRoute.episodes) == 2_000)
        }
    }
}
