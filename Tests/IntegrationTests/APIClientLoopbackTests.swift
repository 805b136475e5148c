import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Testing

@Suite("APIClient over loopback TCP: errors and faults")
struct APIClientLoopbackTests {
    static let videoID = "632759499"

    @Test func statusesMapOverTheWire() async throws {
        try await MockAPIServer.with { server async throws in
            let (client, store) = try await LoopbackClient.signedIn(server)
            await #expect(throws: APIError.failedRequest(.status(404, reason: "Not Found"))) {
                try await client.video(id: "unknown")
            }
            try await server.admin.inject(.status(500, route: MockAPIRoute.episodes))
            await #expect(throws: APIError.failedRequest(.status(500, reason: "Injected fault"))) {
                try await client.episodes()
            }
            let wrongToken = APIClient(
                configuration: try APIConfiguration(baseURL: server.baseURL, apiToken: "wrong"), tokenStore: store,
                transport: PlatformTransport.make())
            await #expect(throws: APIError.failedRequest(.status(403, reason: "Invalid API token"))) {
                try await wrongToken.episodes()
            }
            try await store.setTokens(TokenPair(accessToken: "forged", refreshToken: "forged"))
            // The forged access token is refused, and so is the forged refresh token: the session ends.
            await #expect(throws: APIError.unauthorized(.sessionEnded)) { try await client.video(id: Self.videoID) }
        }
    }

    @Test func aMalformedBodyIsAnInvalidResponse() async throws {
        try await MockAPIServer.with { server async throws in
            try await server.admin.inject(.malformed(route: MockAPIRoute.episodes))
            await #expect(throws: APIError.invalidResponse(.undecodable("it is not valid JSON"))) {
                try await LoopbackClient.make(server).client.episodes()
            }
        }
    }

    /// A drop ends an attempt at once, so the timeout only bounds when a retry may start: a
    /// long one, as a whole suite on two cores has held a task 40 s before it ran again, past
    /// 5 s's deadline for the call (three timeouts), and the retry was then rightly not made.
    @Test func aDroppedConnectionIsRetriedThenUnreachable() async throws {
        try await MockAPIServer.with { server async throws in
            let client = try LoopbackClient.make(server, timeout: 60).client
            try await server.admin.inject(.drop(route: MockAPIRoute.episodes))
            #expect(try await client.episodes().count == 25)
            try await server.admin.inject(.drop(route: MockAPIRoute.episodes, count: -1))
            await #expect(throws: APIError.unreachable(.connectionLost(host: "127.0.0.1", port: server.port))) {
                try await client.episodes()
            }
            // Three attempts of ours (libcurl may add one of its own on a reused connection).
            let attempts = try await server.admin.count(MockAPIRoute.episodes) - 2
            #expect((3...6).contains(attempts))
        }
    }

    /// The body stalls for two minutes; the call gives up as its timeout says, within one
    /// minute — far above the seconds its attempts take, however busy the machine.
    @Test func aStalledBodyTimesOutWithinTheBound() async throws {
        try await MockAPIServer.with { server async throws in
            let client = try LoopbackClient.make(server, timeout: 1).client
            try await server.admin.inject(.stall(120, route: MockAPIRoute.episodes, count: 3))
            let clock = ContinuousClock()
            let start = clock.now
            await #expect(throws: APIError.unreachable(.timedOut(seconds: 1))) { try await client.episodes() }
            #expect(clock.now - start < .seconds(60))
        }
    }

    @Test func aRedirectToTheOtherOriginArrivesWithoutCredentials() async throws {
        try await MockAPIServer.with { server async throws in
            let (client, _) = try await LoopbackClient.signedIn(server)
            try await server.admin.inject(.redirect(route: MockAPIRoute.video))
            // The other origin gets no API token, so the server refuses it: a failed request.
            await #expect(throws: APIError.failedRequest(.status(403, reason: "Invalid API token"))) {
                try await client.video(id: Self.videoID)
            }
            let log = try await server.admin.requests().filter { $0.path.hasPrefix("/api/v1/videos") }
            // Required, not expected: the two records are read next, and a crash would end every test.
            try #require(log.map(\.host) == ["127.0.0.1:\(server.port)", "localhost:\(server.port)"])
            #expect(log[0].headers.contains("authorization") && log[0].headers.contains("x-api-token"))
            #expect(!log[1].headers.contains("authorization") && !log[1].headers.contains("x-api-token"))
        }
    }

    @Test func aResponseOverTheLimitIsAnInvalidResponse() async throws {
        try await MockAPIServer.with { server async throws in
            let client = try LoopbackClient.make(server, maximumResponseSize: 2_048).client
            await #expect(throws: APIError.invalidResponse(.tooLarge(limit: 2_048))) { try await client.episodes() }
        }
    }

    @Test func aDeadServerIsUnreachable() async throws {
        let server = try await MockAPIServer.start()
        let client = try LoopbackClient.make(server).client
        await server.stop()
        let refused = APIError.unreachable(
            .cannotConnect(host: "127.0.0.1", port: server.port, detail: "Couldn't connect to server"))
        await #expect(throws: refused) { try await client.episodes() }
    }
}
