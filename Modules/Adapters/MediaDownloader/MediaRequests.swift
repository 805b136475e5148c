import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The requests of a download, under the API client's rules: redirects followed by
/// ``/Domain/RedirectPolicy`` (no https to http, five at most, the same words for a refusal),
/// 502, 503, 504 and lost connections tried again by the ``/Domain/RetryPolicy`` given,
/// `Retry-After` honoured. The headers are kept on every hop (a `Range` too), with
/// `Accept-Encoding: identity`; no credential is ever sent.
struct MediaRequests: Sendable {
    let transport: any HTTPTransport
    let timeout: TimeInterval
    let retryPolicy: RetryPolicy

    /// Why no answer that can be used came.
    enum Failure: Error, Equatable {
        case transport(TransportError)
        /// A redirect that is not followed, in the API client's words.
        case redirect(String)

        var reason: PartFailure.Reason {
            switch self {
            case .transport(let error): .transport(error)
            case .redirect(let words): .redirect(words)
            }
        }

        /// The failure as a download's: a stop as one, a redirect refused as `what`'s.
        func downloadError(of what: String) -> DownloadError {
            switch self {
            case .transport(let error): DownloadError(error.cause == .cancelled ? .cancelled : .transport(error))
            case .redirect(let words): DownloadError(.refused("\(what): \(words)"))
            }
        }
    }

    /// The same requests, tried once: a part's own fetch tries again under the same policy,
    /// for failures of its body too.
    var once: MediaRequests { MediaRequests(transport: transport, timeout: timeout, retryPolicy: .none) }

    /// The final URL and its response, whatever its status once the retries are spent.
    func open(_ url: URL, method: String = "GET", headers: HTTPHeaders = [:], limit: Int = 1 << 40)
        async throws(Failure) -> (URL, HTTPStreamedResponse)
    {
        var url = url
        var headers = headers
        // The bytes as they are: a media file is never worth inflating, and a compressed body
        // a hostile server sends anyway is not inflated past any bound.
        if headers["Accept-Encoding"] == nil { headers.append(name: "Accept-Encoding", value: "identity") }
        let home = Origin(url)
        var redirects = 0
        var attempt = 1
        while true {
            let request = HTTPRequest(
                method: method, url: url, headers: headers, timeout: timeout, maximumResponseSize: limit)
            let response: HTTPStreamedResponse
            do {
                response = try await transport.stream(request)
            } catch {
                guard error.cause == .connectionLost, try await pause(before: &attempt, retryAfter: nil) else {
                    throw .transport(error)
                }
                continue
            }
            if RetryPolicy.retryableStatuses.contains(response.status),
                try await pause(before: &attempt, retryAfter: Self.retryAfter(response.headers), response: response)
            {
                continue
            }
            guard RedirectPolicy.statuses.contains(response.status), let location = response.headers["Location"]
            else { return (url, response) }
            response.body.cancel()
            let target = URIResolution.resolve(location, against: url)
            switch RedirectPolicy.decide(
                method: method, from: url, status: response.status, to: target, home: home, redirects: redirects)
            {
            case .follow(let next, _): url = next
            case .refuse(let reason):
                let shown = target.map { URLRedaction.text($0.absoluteString) } ?? "an address that is not a URL"
                throw .redirect(APIError.Cause.redirectRefused(to: shown, reason: reason).description)
            }
            redirects += 1
        }
    }

    /// The length `headers` announce for the body; none for an encoded body, whose length counts
    /// other bytes than the decoded ones read.
    static func declaredLength(_ headers: HTTPHeaders) -> Int? {
        headers["Content-Encoding"] == nil ? headers["Content-Length"].flatMap { Int($0) } : nil
    }

    /// ``open(_:method:headers:limit:)`` of a file (a stream's first playlist included), its
    /// failure a download's.
    func openFile(_ url: URL, headers: HTTPHeaders = [:]) async throws(DownloadError) -> (URL, HTTPStreamedResponse) {
        do {
            return try await open(url, headers: headers)
        } catch {
            throw error.downloadError(of: "the file")
        }
    }

    /// The seconds a response's `Retry-After` asks for, when it says.
    static func retryAfter(_ headers: HTTPHeaders) -> TimeInterval? {
        headers["Retry-After"].flatMap { RetryPolicy.retryAfter($0) }
    }

    /// Waits before the next attempt, the answer in hand put away; `false` when the policy
    /// allows none.
    private func pause(
        before attempt: inout Int, retryAfter: TimeInterval?, response: HTTPStreamedResponse? = nil
    ) async throws(Failure) -> Bool {
        guard let pause = retryPolicy.pause(beforeRetry: attempt, retryAfter: retryAfter) else { return false }
        response?.body.cancel()
        do {
            try await Task.sleep(for: pause)
        } catch {
            throw .transport(TransportError(.cancelled, "the download was cancelled"))
        }
        attempt += 1
        return true
    }

    /// The whole body of `url` (a playlist, a key), at most `limit` bytes.
    func data(_ url: URL, limit: Int) async throws(Failure) -> (URL, status: Int, Data) {
        let (final, response) = try await open(url, limit: limit)
        var data = Data()
        do {
            while let chunk = try await response.body.next() { data.append(chunk) }
        } catch {
            throw .transport(error)
        }
        return (final, response.status, data)
    }
}
