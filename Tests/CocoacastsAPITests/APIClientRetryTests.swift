import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Testing

@Suite("APIClient retries idempotent requests only, with backoff")
struct APIClientRetryTests {
    /// Answers with the statuses in turn (the last one repeats), with `headers`.
    static func transport(_ statuses: [Int], headers: [String: String] = [:]) -> SpyTransport {
        let calls = CallRecorder<Void>()
        return SpyTransport { request in
            calls.record(())
            let status = statuses[min(calls.count, statuses.count) - 1]
            let body = status == 200 ? try Fixtures.data(named: "episodes") : Data()
            return SpyTransport.response(to: request, status: status, body: body, headers: HTTPHeaders(headers))
        }
    }

    @Test(arguments: [502, 503, 504])
    func aGatewayErrorIsRetriedThenSucceeds(status: Int) async throws {
        let transport = Self.transport([status, 200])
        let sleeps = CallRecorder<Duration>()
        #expect(try await TestClient.make(transport, sleeps: sleeps).episodes().count == 12)
        #expect(transport.requests.count == 2)
        let delay = try #require(sleeps.calls.first)
        #expect(delay >= .milliseconds(100) && delay <= .milliseconds(200))
    }

    @Test func retriesAreBoundedAndBackOffExponentially() async throws {
        let transport = Self.transport([503])
        let sleeps = CallRecorder<Duration>()
        await #expect(throws: APIError.failedRequest(.status(503, reason: nil))) {
            try await TestClient.make(transport, sleeps: sleeps).episodes()
        }
        #expect(transport.requests.count == 3)
        try #require(sleeps.count == 2)
        #expect(sleeps.calls[1] >= .milliseconds(200) && sleeps.calls[1] <= .milliseconds(400))
    }

    @Test func retryAfterIsHonoured() async throws {
        let sleeps = CallRecorder<Duration>()
        _ = try await TestClient.make(Self.transport([503, 200], headers: ["Retry-After": "2"]), sleeps: sleeps)
            .episodes()
        #expect(sleeps.calls == [.seconds(2)])
    }

    /// An HTTP date in `Retry-After` (RFC 9110 §10.2.3), in any of its three formats. The
    /// date is a minute away (the timeout and the limit allow it), so the wait is still most
    /// of that minute however long a busy machine takes from writing it to the client's
    /// reading it; the sleep is recorded, not slept.
    @Test(arguments: ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"])
    func retryAfterTakesAnHTTPDate(format: String) async throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = format
        let sleeps = CallRecorder<Duration>()
        let configuration = try APIConfiguration(
            baseURL: TestClient.baseURL, apiToken: TestClient.apiToken, timeout: 60,
            retryPolicy: RetryPolicy(maximumAttempts: 3, baseDelay: 0.2, maximumDelay: 120))
        let value = formatter.string(from: Date().addingTimeInterval(60))
        let client = APIClient(
            configuration: configuration, accessTokenProvider: SpyAccessTokenProvider("access-1"),
            transport: Self.transport([503, 200], headers: ["Retry-After": value]), sleep: { sleeps.record($0) })
        _ = try await client.episodes()
        let slept = try #require(sleeps.calls.first)
        #expect(slept > .seconds(30) && slept <= .seconds(60), "\(value) gave \(slept)")
    }

    /// A date in the past means "now"; text that is neither digits nor a date is ignored
    /// (the usual backoff applies, below a second).
    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "nan", "-5", "1e1", "soon"])
    func aRetryAfterInThePastOrUnreadableWaitsNoLonger(value: String) async throws {
        let sleeps = CallRecorder<Duration>()
        _ = try await TestClient.make(Self.transport([503, 200], headers: ["Retry-After": value]), sleeps: sleeps)
            .episodes()
        #expect(try #require(sleeps.calls.first) < .seconds(1))
    }

    @Test func aRetryAfterBeyondTheLimitEndsTheRetries() async {
        let transport = Self.transport([503, 200], headers: ["Retry-After": "120"])
        await #expect(throws: APIError.failedRequest(.status(503, reason: nil))) {
            try await TestClient.make(transport).episodes()
        }
        #expect(transport.requests.count == 1)
    }

    @Test(arguments: [500, 501, 400, 429])
    func otherStatusesAreNotRetried(status: Int) async {
        let transport = Self.transport([status, 200])
        await #expect(throws: APIError.failedRequest(.status(status, reason: nil))) {
            try await TestClient.make(transport).episodes()
        }
        #expect(transport.requests.count == 1)
    }

    @Test func postIsNeverRetried() async {
        for operation in ["signIn", "updateProgress"] {
            let transport = Self.transport([503, 200])
            let client = TestClient.make(transport)
            await #expect(throws: APIError.failedRequest(.status(503, reason: nil))) {
                if operation == "signIn" {
                    _ = try await client.signIn(email: "demo@cocoacasts.com", password: "cocoacasts")
                } else {
                    _ = try await client.updateProgressForVideo(id: "1", cursor: 3)
                }
            }
            #expect(transport.requests.count == 1)
        }
    }

    @Test func aLostConnectionIsRetriedForGetAndDelete() async throws {
        let calls = CallRecorder<Void>()
        let transport = SpyTransport { request in
            calls.record(())
            if calls.count == 1 { throw TransportError(.connectionLost, "Connection reset by peer") }
            return SpyTransport.response(to: request, status: 204)
        }
        try await TestClient.make(transport).deleteProgressForVideo(id: "1")
        #expect(transport.requests.count == 2)
    }

    @Test func otherConnectivityFailuresAreNotRetried() async {
        let transport = SpyTransport { _ in throw TransportError(.cannotConnect, "Couldn't connect to server") }
        let refused = APIError.unreachable(
            .cannotConnect(host: "api.example.com", port: 443, detail: "Couldn't connect to server"))
        await #expect(throws: refused) { try await TestClient.make(transport).episodes() }
        #expect(transport.requests.count == 1)
    }

    @Test func delaysNeverExceedTheCap() async {
        let transport = Self.transport([503])
        let sleeps = CallRecorder<Duration>()
        let policy = RetryPolicy(maximumAttempts: 6, baseDelay: 1, maximumDelay: 2)
        await #expect(throws: APIError.failedRequest(.status(503, reason: nil))) {
            try await TestClient.make(transport, retryPolicy: policy, sleeps: sleeps).episodes()
        }
        #expect(transport.requests.count == 6)
        #expect(sleeps.calls.allSatisfy { $0 >= .milliseconds(500) && $0 <= .seconds(2) })
        #expect(sleeps.calls.suffix(3).allSatisfy { $0 >= .seconds(1) })
    }
}
