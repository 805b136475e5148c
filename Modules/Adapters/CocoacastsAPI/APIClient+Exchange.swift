import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension APIClient {
    /// Sends `request` through the transport, retrying idempotent requests on 502, 503,
    /// 504 and lost connections, and following redirects under ``RedirectPolicy``.
    /// Returns the request last sent and its response whatever its status; a redirect that
    /// is not followed fails with `failedRequest` and the reason it was refused. No retry or
    /// redirect starts that could not end (its pause and a whole attempt) by `deadline`; a
    /// redirect that could not is a timeout.
    func exchange(_ request: HTTPRequest, idempotent: Bool, deadline: ContinuousClock.Instant) async throws(APIError)
        -> (HTTPRequest, HTTPResponse)
    {
        var request = request
        var attempt = 1
        var redirects = 0
        while true {
            let response: HTTPResponse
            do throws(TranslatedTransportError) {
                response = try await roundTrip(request)
            } catch {
                guard idempotent, error.isConnectionLoss,
                    await pause(before: &attempt, request, retryAfter: nil, deadline: deadline)
                else { throw error.apiError }
                continue
            }
            if idempotent, RetryPolicy.retryableStatuses.contains(response.status),
                await pause(before: &attempt, request, retryAfter: Self.retryAfter(response), deadline: deadline)
            {
                continue
            }
            guard let next = try followRedirect(of: request, response: response, count: redirects) else {
                return (request, response)
            }
            guard ContinuousClock.now + .seconds(next.timeout) <= deadline else {
                throw .unreachable(.timedOut(seconds: configuration.callDeadline))
            }
            request = next
            redirects += 1
        }
    }

    /// Waits before the next attempt; `false` when the policy allows none, or when the
    /// attempt after the pause could not end by `deadline`.
    private func pause(
        before attempt: inout Int, _ request: HTTPRequest, retryAfter: TimeInterval?, deadline: ContinuousClock.Instant
    ) async -> Bool {
        guard let duration = configuration.retryPolicy.pause(beforeRetry: attempt, retryAfter: retryAfter),
            ContinuousClock.now + duration + .seconds(request.timeout) <= deadline
        else { return false }
        attempt += 1
        observer?.observe(
            .retry(method: request.method, url: Redaction.url(request.url), attempt: attempt, delay: duration))
        do {
            try await sleep(duration)
            return true
        } catch {
            return false
        }
    }

    private static func retryAfter(_ response: HTTPResponse) -> TimeInterval? {
        response.headers["Retry-After"].flatMap { RetryPolicy.retryAfter($0) }
    }

    /// The request a redirect leads to; `nil` when the response is no redirect.
    private func followRedirect(of request: HTTPRequest, response: HTTPResponse, count: Int) throws(APIError)
        -> HTTPRequest?
    {
        guard RedirectPolicy.statuses.contains(response.status), let location = response.headers["Location"] else {
            return nil
        }
        let target = URIResolution.resolve(location, against: request.url)
        let decision = RedirectPolicy.decide(
            method: request.method, from: request.url, status: response.status, to: target,
            home: configuration.origin, redirects: count)
        switch decision {
        case .follow(let target, let credentialsRemoved):
            var next = request
            next.url = target
            if credentialsRemoved { for header in RedirectPolicy.credentialHeaders { next.headers[header] = nil } }
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

    /// One round trip, reported to the observer.
    private func roundTrip(_ request: HTTPRequest) async throws(TranslatedTransportError) -> HTTPResponse {
        // Without an observer, nothing is prepared for one: the request goes straight out.
        guard let observer else {
            do throws(TransportError) {
                return try await transport.send(request)
            } catch {
                throw TranslatedTransportError(error, request: request)
            }
        }
        let url = Redaction.url(request.url)
        observer.observe(.request(method: request.method, url: url, headers: Redaction.headers(request.headers)))
        let clock = ContinuousClock()
        let start = clock.now
        do throws(TransportError) {
            let response = try await transport.send(request)
            observer.observe(
                .response(
                    method: request.method, url: url, status: response.status, duration: clock.now - start,
                    headers: Redaction.headers(response.headers)))
            return response
        } catch {
            let failure = TranslatedTransportError(error, request: request)
            observer.observe(
                .failure(method: request.method, url: url, error: failure.apiError, duration: clock.now - start))
            throw failure
        }
    }
}

/// A transport error, with what it means to the client.
struct TranslatedTransportError: Error {
    let apiError: APIError
    let isConnectionLoss: Bool

    init(_ error: TransportError, request: HTTPRequest) {
        apiError =
            Task.isCancelled
            ? .cancelled
            : ErrorTranslation.error(
                for: error, url: request.url, timeout: request.timeout, limit: request.maximumResponseSize)
        isConnectionLoss = error.cause == .connectionLost
    }
}
