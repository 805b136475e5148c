import Domain
import Foundation
import Ports

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// The most redirects followed for one request.
    static let maximumRedirects = 5

    /// Sends `request` through the transport, retrying idempotent requests on 502, 503,
    /// 504 and lost connections, and following redirects under ``RedirectPolicy``.
    /// Returns the final response whatever its status; a redirect that is not followed
    /// fails with `failedRequest` and the reason it was refused. No retry or redirect starts
    /// that could not end (its pause and a whole attempt) by `deadline`; a redirect that
    /// could not is a timeout.
    func exchange(_ request: URLRequest, idempotent: Bool, deadline: ContinuousClock.Instant) async throws(APIError)
        -> (Data, HTTPURLResponse)
    {
        var request = request
        var attempt = 1
        var redirects = 0
        while true {
            let (data, response): (Data, HTTPURLResponse)
            do {
                (data, response) = try await sendOnce(request)
            } catch {
                guard idempotent, error.isConnectionLoss,
                    await pause(before: &attempt, request, retryAfter: nil, deadline: deadline)
                else { throw error.apiError }
                continue
            }
            if idempotent, RetryPolicy.retryableStatuses.contains(response.statusCode),
                await pause(before: &attempt, request, retryAfter: Self.retryAfter(response), deadline: deadline)
            {
                continue
            }
            guard let next = try followRedirect(of: request, response: response, count: redirects) else {
                return (data, response)
            }
            guard ContinuousClock.now + .seconds(next.timeoutInterval) <= deadline else {
                throw .unreachable(.timedOut(seconds: configuration.callDeadline))
            }
            request = next
            redirects += 1
        }
    }

    /// Waits before the next attempt; `false` when the policy allows none, or when the
    /// attempt after the pause could not end by `deadline`.
    private func pause(
        before attempt: inout Int, _ request: URLRequest, retryAfter: TimeInterval?, deadline: ContinuousClock.Instant
    ) async -> Bool {
        let policy = configuration.retryPolicy
        guard let delay = policy.delay(beforeRetry: attempt, retryAfter: retryAfter, jitter: .random(in: 0...1))
        else { return false }
        let duration = Duration.milliseconds(Int64(min(delay, 3_600) * 1000))  // finite whatever the policy says
        guard ContinuousClock.now + duration + .seconds(request.timeoutInterval) <= deadline else { return false }
        attempt += 1
        observer?.observe(
            .retry(
                method: request.httpMethod ?? "GET", url: Redaction.url(request.url), attempt: attempt,
                delay: duration))
        do {
            try await sleep(duration)
            return true
        } catch {
            return false
        }
    }

    private static func retryAfter(_ response: HTTPURLResponse) -> TimeInterval? {
        response.value(forHTTPHeaderField: "Retry-After").flatMap { RetryPolicy.retryAfter($0) }
    }

    /// The request a redirect leads to; `nil` when the response is no redirect.
    private func followRedirect(of request: URLRequest, response: HTTPURLResponse, count: Int) throws(APIError)
        -> URLRequest?
    {
        guard RedirectPolicy.statuses.contains(response.statusCode),
            let location = response.value(forHTTPHeaderField: "Location")
        else { return nil }
        let target = URL(string: location, relativeTo: request.url)?.absoluteURL
        guard count < Self.maximumRedirects else {
            throw refused(target, "more than \(Self.maximumRedirects) redirects in a row")
        }
        switch RedirectPolicy.decide(request, status: response.statusCode, target: target, home: configuration.origin) {
        case .follow(let next, let credentialsRemoved):
            observer?.observe(
                .redirect(
                    from: Redaction.url(request.url), to: Redaction.url(next.url),
                    credentialsRemoved: credentialsRemoved))
            return next
        case .refuse(let reason):
            throw refused(target, reason)
        }
    }

    private func refused(_ target: URL?, _ reason: String) -> APIError {
        let shown = target.map { Redaction.url($0) } ?? "an address that is not a URL"
        observer?.observe(.redirectRefused(to: shown, reason: reason))
        return .failedRequest(.redirectRefused(to: shown, reason: reason))
    }

    /// One round trip, reported to the observer (and nothing prepared for it without one).
    private func sendOnce(_ request: URLRequest) async throws(TransportFailure) -> (Data, HTTPURLResponse) {
        guard let observer else {
            do {
                return try await transport.send(request, maximumResponseSize: configuration.maximumResponseSize)
            } catch {
                throw TransportFailure(error, request: request, limit: configuration.maximumResponseSize)
            }
        }
        let method = request.httpMethod ?? "GET"
        let url = Redaction.url(request.url)
        observer.observe(.request(method: method, url: url, headers: Redaction.headers(request.allHTTPHeaderFields)))
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let (data, response) = try await transport.send(
                request, maximumResponseSize: configuration.maximumResponseSize)
            observer.observe(
                .response(
                    method: method, url: url, status: response.statusCode, duration: clock.now - start,
                    headers: Redaction.headers(response.allHeaderFields)))
            return (data, response)
        } catch {
            let failure = TransportFailure(error, request: request, limit: configuration.maximumResponseSize)
            observer.observe(.failure(method: method, url: url, error: failure.apiError, duration: clock.now - start))
            throw failure
        }
    }
}

/// A transport error, with what it means to the client.
struct TransportFailure: Error {
    let apiError: APIError
    let isConnectionLoss: Bool

    init(_ error: any Error, request: URLRequest, limit: Int) {
        apiError =
            Task.isCancelled
            ? .cancelled
            : FailureMapping.error(for: error, url: request.url, timeout: request.timeoutInterval, limit: limit)
        isConnectionLoss = FailureMapping.isConnectionLoss(error)
    }
}
