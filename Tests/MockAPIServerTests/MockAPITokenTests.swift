import Domain
import Foundation
import TestSupport
import Testing

@Suite("Mock API server: token rotation, reuse and expiry")
struct MockAPITokenTests {
    @Test func refreshRotatesThePairAndRevokesTheOldOne() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let first = try await probe.signIn()
            let second = try await probe.refresh(first.refreshToken).decode(SignInResponse.self)
            #expect(second.accessToken != first.accessToken && second.refreshToken != first.refreshToken)
            #expect(try await probe.get("/videos/\(Probe.knownVideoID)", bearer: first.accessToken).status == 401)
            #expect(try await probe.get("/videos/\(Probe.knownVideoID)", bearer: second.accessToken).status == 200)
        }
    }

    @Test func reusingARefreshTokenRevokesTheWholeSignIn() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let first = try await probe.signIn()
            let second = try await probe.refresh(first.refreshToken).decode(SignInResponse.self)
            // When the used refresh token is presented again (theft)
            #expect(try await probe.refresh(first.refreshToken).status == 401)
            // Then every token of that sign-in is dead
            #expect(try await probe.get("/videos/\(Probe.knownVideoID)", bearer: second.accessToken).status == 401)
            #expect(try await probe.refresh(second.refreshToken).status == 401)
            // And another sign-in is unaffected
            #expect(try await probe.refresh(try await probe.signIn().refreshToken).status == 200)
        }
    }

    @Test func refreshRefusesUnknownTokensAndBadBodies() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            #expect(try await probe.refresh("unknown").status == 401)
            for body in ["", "nope", "{}", #"{"refreshToken": 7}"#] {
                #expect(try await probe.send("POST", "/auth/refresh", body: Data(body.utf8)).status == 400)
            }
        }
    }

    @Test func accessTokensExpireAfterTheirTTL() async throws {
        try await MockAPIServer.with(arguments: ["--access-ttl", "2"]) { server async throws in
            let probe = Probe(server)
            let clock = ContinuousClock()
            let start = clock.now
            let tokens = try await probe.signIn()
            let early = try await probe.get("/videos/\(Probe.knownVideoID)", bearer: tokens.accessToken).status
            // Only a check that finished within the TTL can expect the token to be valid.
            if clock.now - start < .seconds(2) { #expect(early == 200) }
            try await Task.sleep(until: start + .milliseconds(2_300))
            #expect(try await probe.get("/videos/\(Probe.knownVideoID)", bearer: tokens.accessToken).status == 401)
            let fresh = try await probe.refresh(tokens.refreshToken).decode(SignInResponse.self)
            #expect(try await probe.get("/videos/\(Probe.knownVideoID)", bearer: fresh.accessToken).status == 200)
        }
    }

    @Test func theAdminRouteExpiresAccessTokensButNotRefreshTokens() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let tokens = try await probe.signIn()
            try await server.admin.expireAccessTokens()
            #expect(try await probe.get("/videos/\(Probe.knownVideoID)", bearer: tokens.accessToken).status == 401)
            #expect(try await probe.refresh(tokens.refreshToken).status == 200)
        }
    }

    @Test func configuredAccountAndAPITokenReplaceTheDefaults() async throws {
        let arguments = ["--email", "ann@example.com", "--password", "pw", "--api-token", "other-token"]
        try await MockAPIServer.with(arguments: arguments) { server async throws in
            let probe = Probe(server)
            let basic = "Basic " + Data("ann@example.com:pw".utf8).base64EncodedString()
            let reply = try await probe.send(
                "POST", "/auth", headers: ["Authorization": basic], apiToken: "other-token")
            #expect(reply.status == 200)
            #expect(try await probe.send("GET", "/episodes").status == 403)
        }
    }
}
