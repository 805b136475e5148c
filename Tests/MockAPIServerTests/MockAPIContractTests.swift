import Domain
import Foundation
import PortContracts
import Testing

@Suite("Mock API server: the HTTP contract, the TTL flag and the account flags")
struct MockAPIContractTests {
    @Test(arguments: MockAPIContract.cases)
    func contract(_ check: MockAPIContract) async throws {
        try await MockAPIServer.with { server async throws in
            try await check.run(on: Probe(server))
        }
    }

    @Test func accessTokensExpireAfterTheirTTL() async throws {
        try await MockAPIServer.with(arguments: ["--access-ttl", "2"]) { server async throws in
            let probe = Probe(server)
            let clock = ContinuousClock()
            let requested = clock.now
            let tokens = try await probe.signIn()
            let issued = clock.now  // the server issued the token between these two instants
            let early = try await probe.get("/videos/\(Probe.knownVideoID)", bearer: tokens.accessToken).status
            // Only a check that finished within the TTL can expect the token to be valid.
            if clock.now - requested < .seconds(2) { #expect(early == 200) }
            try await Task.sleep(until: issued + .milliseconds(2_300))
            #expect(try await probe.get("/videos/\(Probe.knownVideoID)", bearer: tokens.accessToken).status == 401)
            let refreshed = clock.now
            let fresh = try await probe.refresh(tokens.refreshToken).decode(TokenPair.self)
            let late = try await probe.get("/videos/\(Probe.knownVideoID)", bearer: fresh.accessToken).status
            // The same holds for the fresh token: on a loaded machine, 2 s may pass before it is used.
            if clock.now - refreshed < .seconds(2) { #expect(late == 200) }
        }
    }

    @Test func configuredAccountAndAPITokenReplaceTheDefaults() async throws {
        let arguments = ["--email", "ann@example.com", "--password", "pw", "--api-token", "other-token"]
        try await MockAPIServer.with(arguments: arguments) { server async throws in
            let probe = Probe(server)
            let basic = "Basic " + Data("ann@example.com:pw".utf8).base64EncodedString()
            let reply = try await probe.send(
                "POST", "/auth", headers: ["Authorization": basic], body: nil, apiToken: "other-token")
            #expect(reply.status == 200)
            #expect(try await probe.send("GET", "/episodes").status == 403)
        }
    }
}
