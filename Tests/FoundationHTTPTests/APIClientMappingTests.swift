import Domain
import Foundation
import FoundationHTTP
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("APIClient maps responses and failures as the series does")
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

    @Test func twoHundredFourMeansNoBody() async throws {
        let transport = SpyTransport(status: 204)
        try await TestClient.make(transport).deleteProgressForVideo(id: "7")
        #expect(transport.requests.count == 1)
    }

    @Test(arguments: [
        (401, APIError.unauthorized), (400, .failedRequest), (403, .failedRequest), (404, .failedRequest),
        (409, .failedRequest), (500, .failedRequest), (304, .failedRequest), (302, .failedRequest),
    ])
    func statusesMapToErrors(status: Int, expected: APIError) async {
        let client = TestClient.make(SpyTransport(status: status), retryPolicy: .none)
        await #expect(throws: expected) { try await client.episodes() }
        await #expect(throws: expected) { try await client.video(id: "1") }
    }

    @Test(arguments: ["", "not json", #"{"duration": "long"}"#, "[]", "{}"])
    func undecodableBodiesAreInvalidResponses(body: String) async {
        let client = TestClient.make(SpyTransport(status: 200, body: Data(body.utf8)))
        await #expect(throws: APIError.invalidResponse) { try await client.video(id: "1") }
    }

    @Test(arguments: [
        (URLError.Code.notConnectedToInternet, APIError.unreachable), (.cannotFindHost, .unreachable),
        (.cannotConnectToHost, .unreachable), (.networkConnectionLost, .unreachable), (.timedOut, .unreachable),
        (.dnsLookupFailed, .unreachable), (.cancelled, .cancelled), (.dataLengthExceedsMaximum, .invalidResponse),
        (.badServerResponse, .invalidResponse), (.unsupportedURL, .unknown), (.secureConnectionFailed, .unknown),
    ])
    func transportFailuresMapToErrors(code: URLError.Code, expected: APIError) async {
        let client = TestClient.make(SpyTransport { _ in throw URLError(code) }, retryPolicy: .none)
        await #expect(throws: expected) { try await client.episodes() }
    }

    @Test func otherErrorsAreUnknownAndCancellationIsCancelled() async {
        struct Odd: Error {}
        await #expect(throws: APIError.unknown) {
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
        await #expect(throws: APIError.invalidResponse) { try await client.episodes() }
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
        await #expect(throws: APIError.unauthorized) {
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
