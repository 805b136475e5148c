import Domain
import Foundation
import TestSupport
import Testing

@Suite("Mock API server: every route's success and failure rows")
struct MockAPIRouteTests {
    @Test func episodesNeedOnlyTheAPIToken() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let reply = try await probe.send("GET", "/episodes")
            #expect(reply.status == 200)
            #expect(try reply.decode([Episode].self).count == 25)
            #expect(reply.body == (try Fixtures.data(named: "episodes-catalog")))
            for token in [nil, "wrong"] {
                let refused = try await probe.send("GET", "/episodes", apiToken: token)
                #expect(refused.status == 403)
                #expect(try refused.decode(ErrorResponse.self) == ErrorResponse(reason: "Invalid API token"))
            }
        }
    }

    @Test func signInTakesBasicCredentials() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let tokens = try await probe.signIn()
            #expect(tokens.accessToken.count == 32 && tokens.refreshToken.count == 32)
            let wrong = Data("demo@cocoacasts.com:nope".utf8).base64EncodedString()
            for header in ["Basic \(wrong)", "Basic !!!", "Bearer x", nil] {
                let reply = try await probe.send("POST", "/auth", headers: header.map { ["Authorization": $0] } ?? [:])
                #expect(reply.status == 401)
                #expect(try reply.decode(ErrorResponse.self) == ErrorResponse(reason: "Unauthorized"))
            }
        }
    }

    @Test func videosNeedABearerTokenAndAKnownID() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let tokens = try await probe.signIn()
            let video = try await probe.get("/videos/\(Probe.knownVideoID)", bearer: tokens.accessToken)
            #expect(video.status == 200)
            #expect(try video.decode(Video.self).duration == 513)
            #expect(try await probe.get("/videos/\(Probe.knownVideoID)", bearer: nil).status == 401)
            #expect(try await probe.get("/videos/\(Probe.knownVideoID)", bearer: "forged").status == 401)
            #expect(try await probe.get("/videos/unknown", bearer: tokens.accessToken).status == 404)
            #expect(try await probe.get("/videos/a%2Fb", bearer: tokens.accessToken).status == 404)
            #expect(try await probe.get("/videos/a/b", bearer: tokens.accessToken).status == 404)
        }
    }

    @Test func progressIsKeptPerVideoAndCanBeDeleted() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let bearer = ["Authorization": "Bearer \(try await probe.signIn().accessToken)"]
            let path = "/videos/\(Probe.knownVideoID)/progress"
            let initial = try await probe.send("GET", path, headers: bearer).decode(VideoProgress.self)
            #expect(initial == VideoProgress(videoID: Probe.knownVideoID, cursor: 0))
            let saved = try await probe.send("POST", path, headers: bearer, body: Data(#"{"cursor": 42}"#.utf8))
            #expect(try saved.decode(VideoProgress.self) == VideoProgress(videoID: Probe.knownVideoID, cursor: 42))
            #expect(try await probe.send("GET", path, headers: bearer).decode(VideoProgress.self).cursor == 42)
            let deleted = try await probe.send("DELETE", path, headers: bearer)
            #expect(deleted.status == 204 && deleted.body.isEmpty)
            #expect(try await probe.send("GET", path, headers: bearer).decode(VideoProgress.self).cursor == 0)
        }
    }

    @Test func progressRefusesBadBodiesAndMissingTokens() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            let bearer = ["Authorization": "Bearer \(try await probe.signIn().accessToken)"]
            let path = "/videos/\(Probe.knownVideoID)/progress"
            for body in ["not json", #"{"cursor": "12"}"#, #"{"cursor": -1}"#, #"{"cursor": 1.5}"#, "{}"] {
                #expect(try await probe.send("POST", path, headers: bearer, body: Data(body.utf8)).status == 400)
            }
            #expect(try await probe.send("POST", path, body: Data(#"{"cursor": 1}"#.utf8)).status == 401)
            #expect(try await probe.send("GET", path).status == 401)
            #expect(try await probe.send("DELETE", path).status == 401)
        }
    }

    @Test func unknownRoutesAre404() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            for path in ["/nope", "/episodes/1", "/videos/", "/auth/refresh/x"] {
                let reply = try await probe.send("GET", path)
                #expect(reply.status == 404, "\(path)")
                #expect(try reply.decode(ErrorResponse.self) == ErrorResponse(reason: "Not Found"))
            }
        }
    }
}
