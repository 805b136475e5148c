import Domain
import Foundation
import Testing

/// The mock API's contract at the HTTP level — every route's success and failure rows,
/// rotation, reuse and expiry — run against the Python server and the in-process stub
/// alike, so the two cannot drift apart.
public typealias MockAPIContract = Contract<any MockAPIConnection>

extension Contract where Subject == any MockAPIConnection {
    /// A video the catalogue has, 513 seconds long.
    public static var knownVideoID: String { "632759499" }

    /// Every case.
    public static var cases: [MockAPIContract] { routeCases + tokenCases }
}

extension Contract where Subject == any MockAPIConnection {
    static var routeCases: [MockAPIContract] {
        [
            MockAPIContract("episodes need only the API token") { api async throws in
                let reply = try await api.send("GET", "/episodes")
                #expect(reply.status == 200)
                #expect(reply.body == (try Fixtures.data(named: "episodes-catalog")))
                for token in [nil, "wrong"] {
                    let refused = try await api.send("GET", "/episodes", headers: [:], body: nil, apiToken: token)
                    #expect(refused.status == 403)
                    #expect(try refused.decode(ErrorResponse.self) == ErrorResponse(reason: "Invalid API token"))
                }
            },
            MockAPIContract("sign-in takes Basic credentials") { api async throws in
                let tokens = try await api.signIn()
                #expect(tokens.accessToken.count == 32 && tokens.refreshToken.count == 32)
                let wrong = Data("\(DemoAccount.email):nope".utf8).base64EncodedString()
                for header in ["Basic \(wrong)", "Basic !!!", "Bearer x", nil] {
                    let reply = try await api.send(
                        "POST", "/auth", headers: header.map { ["Authorization": $0] } ?? [:])
                    #expect(reply.status == 401)
                    #expect(try reply.decode(ErrorResponse.self) == ErrorResponse(reason: "Unauthorized"))
                }
            },
            MockAPIContract("videos need a Bearer token and a known id") { api async throws in
                let tokens = try await api.signIn()
                let video = try await api.get("/videos/\(knownVideoID)", bearer: tokens.accessToken)
                #expect(video.status == 200)
                #expect(try video.decode(Video.self).duration == 513)
                #expect(try await api.get("/videos/\(knownVideoID)", bearer: nil).status == 401)
                #expect(try await api.get("/videos/\(knownVideoID)", bearer: "forged").status == 401)
                #expect(try await api.get("/videos/unknown", bearer: tokens.accessToken).status == 404)
                #expect(try await api.get("/videos/a%2Fb", bearer: tokens.accessToken).status == 404)
                #expect(try await api.get("/videos/a/b", bearer: tokens.accessToken).status == 404)
            },
            MockAPIContract("progress is kept per video and can be deleted") { api async throws in
                let bearer = ["Authorization": "Bearer \(try await api.signIn().accessToken)"]
                let path = "/videos/\(knownVideoID)/progress"
                let initial = try await api.send("GET", path, headers: bearer).decode(VideoProgress.self)
                #expect(initial == VideoProgress(videoID: knownVideoID, cursor: 0))
                for body in [#"{"cursor": 42}"#, #"{"cursor": 42.0}"#] {
                    let saved = try await api.send("POST", path, headers: bearer, body: Data(body.utf8))
                    #expect(try saved.decode(VideoProgress.self) == VideoProgress(videoID: knownVideoID, cursor: 42))
                }
                #expect(try await api.send("GET", path, headers: bearer).decode(VideoProgress.self).cursor == 42)
                let deleted = try await api.send("DELETE", path, headers: bearer)
                #expect(deleted.status == 204 && deleted.body.isEmpty)
                #expect(try await api.send("GET", path, headers: bearer).decode(VideoProgress.self).cursor == 0)
            },
            MockAPIContract("progress refuses bad bodies and missing tokens") { api async throws in
                let bearer = ["Authorization": "Bearer \(try await api.signIn().accessToken)"]
                let path = "/videos/\(knownVideoID)/progress"
                for body in [
                    "not json", #"{"cursor": "12"}"#, #"{"cursor": -1}"#, #"{"cursor": 1.5}"#, "{}",
                    #"{"cursor": true}"#,
                ] {
                    #expect(try await api.send("POST", path, headers: bearer, body: Data(body.utf8)).status == 400)
                }
                #expect(try await api.send("POST", path, body: Data(#"{"cursor": 1}"#.utf8)).status == 401)
                #expect(try await api.send("GET", path).status == 401)
                #expect(try await api.send("DELETE", path).status == 401)
                #expect(try await api.send("GET", "/videos/unknown/progress", headers: bearer).status == 404)
            },
            MockAPIContract("unknown routes are 404, other methods 405") { api async throws in
                for path in ["/nope", "/episodes/1", "/videos/", "/auth/refresh/x"] {
                    let reply = try await api.send("GET", path)
                    #expect(reply.status == 404, "\(path)")
                    #expect(try reply.decode(ErrorResponse.self) == ErrorResponse(reason: "Not Found"))
                }
                #expect(try await api.send("DELETE", "/episodes").status == 405)
                #expect(try await api.send("GET", "/auth").status == 405)
            },
        ]
    }

    static var tokenCases: [MockAPIContract] {
        [
            MockAPIContract("refresh rotates the pair and revokes the old one") { api async throws in
                let first = try await api.signIn()
                let second = try await api.refresh(first.refreshToken).decode(TokenPair.self)
                #expect(second.accessToken != first.accessToken && second.refreshToken != first.refreshToken)
                #expect(try await api.get("/videos/\(knownVideoID)", bearer: first.accessToken).status == 401)
                #expect(try await api.get("/videos/\(knownVideoID)", bearer: second.accessToken).status == 200)
            },
            MockAPIContract("reusing a refresh token revokes the whole sign-in") { api async throws in
                let first = try await api.signIn()
                let second = try await api.refresh(first.refreshToken).decode(TokenPair.self)
                #expect(try await api.refresh(first.refreshToken).status == 401)
                #expect(try await api.get("/videos/\(knownVideoID)", bearer: second.accessToken).status == 401)
                #expect(try await api.refresh(second.refreshToken).status == 401)
                #expect(try await api.refresh(try await api.signIn().refreshToken).status == 200)
            },
            MockAPIContract("refresh refuses unknown tokens and bad bodies") { api async throws in
                #expect(try await api.refresh("unknown").status == 401)
                for body in ["", "nope", "{}", #"{"refreshToken": 7}"#] {
                    #expect(try await api.send("POST", "/auth/refresh", body: Data(body.utf8)).status == 400)
                }
            },
            MockAPIContract("expired access tokens are refused; their refresh token still works") { api async throws in
                let tokens = try await api.signIn()
                try await api.expireAccessTokens()
                #expect(try await api.get("/videos/\(knownVideoID)", bearer: tokens.accessToken).status == 401)
                let fresh = try await api.refresh(tokens.refreshToken).decode(TokenPair.self)
                #expect(try await api.get("/videos/\(knownVideoID)", bearer: fresh.accessToken).status == 200)
            },
        ]
    }
}
