import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Testing

/// A server that challenges (`WWW-Authenticate`, as RFC 7617 servers do on a failed Basic
/// sign-in) gets its own 401 back at once, whatever the scheme: Linux's URLSession alone
/// waits for an answer to the challenge until the request times out. (That the transports
/// hand back the 401 with its body is the transport contract's.)
@Suite("Authentication challenges are answered with the server's own 401, at once")
struct AuthenticationChallengeTests {
    static let schemes = [
        #"Basic realm="mock-api""#, #"Basic realm="mock-api", charset="UTF-8""#,
        #"Digest realm="mock-api", qop="auth", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c0""#,
        #"Bearer realm="mock-api", error="invalid_token""#, "Negotiate",
    ]

    /// The answer is the 401, not a timeout — and it comes within half the two minutes a
    /// request that waited for the timeout would take, however busy the machine.
    @Test(arguments: schemes)
    func aWrongPasswordIsUnauthorizedWithoutWaitingForTheTimeout(challenge: String) async throws {
        try await MockAPIServer.with(arguments: ["--www-authenticate", challenge]) { server async throws in
            let client = try LoopbackClient.make(server, timeout: 120).client
            let clock = ContinuousClock()
            let start = clock.now
            await #expect(throws: APIError.unauthorized(.status(401, reason: "Unauthorized"))) {
                try await client.signIn(email: DemoAccount.email, password: "not-the-password")
            }
            #expect(clock.now - start < .seconds(60))
        }
    }

    @Test func aChallengedProtectedRequestStillRefreshesOnce() async throws {
        try await MockAPIServer.with(arguments: ["--www-authenticate", #"Bearer realm="mock-api""#]) {
            server async throws in
            let (client, _) = try await LoopbackClient.signedIn(server, timeout: 20)
            try await server.admin.expireAccessTokens()
            #expect(try await client.video(id: "632759499").duration == 513)
            #expect(try await server.admin.count(MockAPIRoute.refresh) == 1)
        }
    }
}
