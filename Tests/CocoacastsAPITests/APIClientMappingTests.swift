import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Stubs
import Testing

@Suite("APIClient maps responses and failures as the Cocoacasts series does")
struct APIClientMappingTests {
    @Test func twoHundredDecodesEveryOperation() async throws {
        #expect(try await TestClient.make(TestClient.fixture("episodes")).episodes().count == 12)
        #expect(try await TestClient.make(TestClient.fixture("video")).video(id: "1").duration == 279)
        #expect(
            try await TestClient.make(TestClient.fixture("auth-success")).signIn(email: "e", password: "p").accessToken
                .count == 32)
        #expect(
            try await TestClient.make(TestClient.fixture("video-progress")).progressForVideo(id: "123").cursor == 124)
        let updated = try await TestClient.make(TestClient.fixture("update-progress-for-video"))
            .updateProgressForVideo(id: "123", cursor: 124)
        #expect(updated == VideoProgress(videoID: "123", cursor: 124))
    }

    @Test func aTokenStoreThatCannotBeReadFailsWithItsOwnErrorBeforeSending() async {
        let values = FailingKeyValueStore(InMemoryKeyValueStore())
        let locked = StoreError.lockTimeout(path: "/tmp/credentials.json", seconds: 5)
        values.fail(with: locked)
        let transport = SpyTransport(status: 200)
        let client = APIClient(
            configuration: TestClient.configuration(), tokenStore: KeyValueTokenStore(store: values),
            transport: transport)
        await #expect(throws: APIError.unknown(.store(locked))) { try await client.video(id: "1") }
        #expect(transport.requests.isEmpty)
    }

    @Test func twoHundredFourMeansNoBody() async throws {
        let transport = SpyTransport(status: 204)
        try await TestClient.make(transport).deleteProgressForVideo(id: "7")
        #expect(transport.requests.count == 1)
    }

    @Test(arguments: [
        (401, APIError.unauthorized(.status(401, reason: nil))), (400, .failedRequest(.status(400, reason: nil))),
        (403, .failedRequest(.status(403, reason: nil))), (404, .failedRequest(.status(404, reason: nil))),
        (409, .failedRequest(.status(409, reason: nil))), (500, .failedRequest(.status(500, reason: nil))),
        (304, .failedRequest(.status(304, reason: nil))), (302, .failedRequest(.status(302, reason: nil))),
    ])
    func statusesMapToErrors(status: Int, expected: APIError) async {
        let client = TestClient.make(SpyTransport(status: status), retryPolicy: .none)
        await #expect(throws: expected) { try await client.episodes() }
        await #expect(throws: expected) { try await client.video(id: "1") }
    }

    @Test func theServersReasonTravelsWithTheStatusWithoutItsSecrets() async {
        let echo = #"{"error": true, "reason": "Invalid API token api-token-value for Bearer access-1"}"#
        let client = TestClient.make(SpyTransport(status: 403, body: Data(echo.utf8)), retryPolicy: .none)
        let reason = "Invalid API token <redacted> for Bearer <redacted>"
        await #expect(throws: APIError.failedRequest(.status(403, reason: reason))) { try await client.video(id: "1") }
        // A combining mark after a secret (the Characters "1" and "1\u{301}" differ); and a
        // secret across the 300th character, where the reason is cut (18 + 276 + 1 before it).
        let joined =
            #"{"error": true, "reason": "token access-1\#u{301} is "# + String(repeating: "x", count: 276)
            + #" api-token-value"}"#
        let joinedClient = TestClient.make(SpyTransport(status: 403, body: Data(joined.utf8)), retryPolicy: .none)
        do {
            _ = try await joinedClient.video(id: "1")
            Issue.record("a 403 was not an error")
        } catch {
            #expect(!"\(error)".contains("access-") && !"\(error)".contains("api-t"), "\(error)")
        }
        let page = SpyTransport(status: 502, body: Data("<html><body>Bad Gateway</body></html>".utf8))
        await #expect(throws: APIError.failedRequest(.status(502, reason: nil))) {
            try await TestClient.make(page, retryPolicy: .none).episodes()
        }
    }

    @Test(arguments: [
        ("", "it is not valid JSON"), ("not json", "it is not valid JSON"),
        (#"{"duration": "long"}"#, "the field duration is not a number"),
        ("[]", "it is not an object but another kind of JSON value"), ("{}", "the field duration is missing"),
        (
            #"{"duration": 1, "videoURL": "", "imageURL": "https://x"}"#,
            "the field videoURL has a value that is not valid"
        ),
    ])
    func undecodableBodiesAreInvalidResponsesThatSayWhere(body: String, detail: String) async {
        let client = TestClient.make(SpyTransport(status: 200, body: Data(body.utf8)))
        await #expect(throws: APIError.invalidResponse(.undecodable(detail))) { try await client.video(id: "1") }
    }

    /// The transport's cause decides; its words are kept for the message.
    @Test(arguments: [
        (TransportError.Cause.offline, APIError.unreachable(.offline)),
        (.hostNotFound, .unreachable(.hostNotFound("api.example.com"))),
        (.cannotConnect, .unreachable(.cannotConnect(host: "api.example.com", port: 443, detail: "the words"))),
        (.connectionLost, .unreachable(.connectionLost(host: "api.example.com", port: 443))),
        (.timedOut, .unreachable(.timedOut(seconds: 5))), (.cancelled, .cancelled),
        (.tooLarge, .invalidResponse(.tooLarge(limit: 10 << 20))),
        (.malformed, .invalidResponse(.undecodable("it is not a well-formed HTTP answer (the words)"))),
        (.other, .unknown(.transport("the words"))), (.tlsFailed, .unknown(.tlsFailed("the words"))),
        (.untrustedCertificate, .unknown(.untrustedCertificate("the words"))),
    ])
    func transportFailuresMapToErrors(cause: TransportError.Cause, expected: APIError) async {
        let client = TestClient.make(
            SpyTransport { _ in throw TransportError(cause, "the words") }, retryPolicy: .none)
        await #expect(throws: expected) { try await client.episodes() }
    }

    @Test func aRefusedConnectionNamesTheHostPortAndCurlsReason() async {
        let curl = "Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server"
        let client = TestClient.make(
            SpyTransport { _ in throw TransportError(.cannotConnect, curl) }, retryPolicy: .none)
        let expected = APIError.unreachable(
            .cannotConnect(host: "api.example.com", port: 443, detail: "Couldn't connect to server"))
        await #expect(throws: expected) { try await client.episodes() }
    }

    @Test func otherErrorsAreUnknownWithTheirOwnTextAndCancellationIsCancelled() async {
        struct Odd: Error {}
        await #expect(throws: APIError.unknown(.transport("Odd()"))) {
            try await TestClient.make(SpyTransport { _ in throw Odd() }).episodes()
        }
        await #expect(throws: APIError.cancelled) {
            try await TestClient.make(SpyTransport { _ in throw CancellationError() }).episodes()
        }
    }

    @Test func aBodyOverTheLimitIsAnInvalidResponse() async throws {
        let transport = SpyTransport(status: 200, body: try Fixtures.data(named: "episodes"))
        let client = APIClient(
            configuration: TestClient.configuration(maximumResponseSize: 1_000),
            accessTokenProvider: SpyAccessTokenProvider(nil),
            transport: transport)
        await #expect(throws: APIError.invalidResponse(.tooLarge(limit: 1_000))) { try await client.episodes() }
    }

    @Test func aCancelledTaskIsCancelledNotAFailure() async {
        let transport = SpyTransport { request in
            try await Task.sleep(for: .seconds(30))
            return SpyTransport.response(to: request, status: 200)
        }
        let task = Task { try await TestClient.make(transport).episodes() }
        while transport.requests.isEmpty { await Task.yield() }
        task.cancel()
        await #expect(throws: APIError.cancelled) { try await task.value }
    }

    @Test(arguments: [
        "video", "progressForVideo", "updateProgressForVideo", "deleteProgressForVideo",
    ])
    func protectedOperationsWithoutATokenFailEarlyWithoutSending(operation: String) async {
        let transport = SpyTransport(status: 200)
        let client = TestClient.make(transport, accessToken: nil)
        await #expect(throws: APIError.unauthorized(.notSignedIn)) {
            switch operation {
            case "video": _ = try await client.video(id: "1")
            case "progressForVideo": _ = try await client.progressForVideo(id: "1")
            case "updateProgressForVideo": _ = try await client.updateProgressForVideo(id: "1", cursor: 1)
            default: try await client.deleteProgressForVideo(id: "1")
            }
        }
        #expect(transport.requests.isEmpty)
    }
}
