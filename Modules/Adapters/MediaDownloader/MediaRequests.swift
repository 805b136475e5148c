import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The requests of a download: redirects followed (http and https only, at most five), the
/// headers kept on every hop (a `Range` too), `Accept-Encoding: identity`, no credential ever sent.
struct MediaRequests: Sendable {
    let transport: any HTTPTransport
    let timeout: TimeInterval

    /// Why no answer that can be used came.
    enum Failure: Error, Equatable {
        case transport(TransportError)
        /// A redirect that is not followed: where to, in words.
        case redirect(String)

        var reason: PartFailure.Reason {
            switch self {
            case .transport(let error): .transport(error)
            case .redirect(let words): .redirect(words)
            }
        }

        var isCancelled: Bool {
            if case .transport(let error) = self { error.cause == .cancelled } else { false }
        }
    }

    /// The final URL and its response, whatever its status.
    func open(_ url: URL, method: String = "GET", headers: HTTPHeaders = [:], limit: Int = 1 << 40)
        async throws(Failure) -> (URL, HTTPStreamedResponse)
    {
        var url = url
        var headers = headers
        // The bytes as they are: a media file is never worth inflating, and a compressed body
        // a hostile server sends anyway is not inflated past any bound.
        if headers["Accept-Encoding"] == nil { headers.append(name: "Accept-Encoding", value: "identity") }
        for hop in 0...5 {
            let response: HTTPStreamedResponse
            do {
                response = try await transport.stream(
                    HTTPRequest(
                        method: method, url: url, headers: headers, timeout: timeout, maximumResponseSize: limit))
            } catch {
                throw .transport(error)
            }
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["Location"]
            else { return (url, response) }
            response.body.cancel()
            guard let next = URL(string: location, relativeTo: url)?.absoluteURL,
                ["http", "https"].contains(next.scheme?.lowercased() ?? "")
            else { throw .redirect("it was redirected to \(URLRedaction.text(location)), which is not fetched") }
            guard hop < 5 else { throw .redirect("it was redirected more than five times") }
            url = next
        }
        throw .redirect("it was redirected more than five times")
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
