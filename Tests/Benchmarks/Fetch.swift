import CocoacastsAPI
import CurlTransport
import Foundation
import Ports
import URLSessionTransport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The three in-process ways of fetching a URL the rows set side by side: the libcurl
/// transport, the URLSession adapter, and a bare `URLSession.data(for:)` — what a user
/// would write by hand, with no size limit. The raw values name them on the command line
/// of the child processes (`--wait-child`, `--bomb-child`).
enum Fetch: String, CaseIterable, Sendable {
    case libcurl, adapter, urlsession

    /// How the table names it.
    var label: String {
        switch self {
        case .libcurl: "libcurl transport"
        case .adapter: "URLSession adapter"
        case .urlsession: "bare URLSession"
        }
    }

    /// What fetches with this way, made once and reused, so that connections are kept.
    func client() -> Client {
        switch self {
        case .libcurl: .transport(CurlTransport())
        case .adapter: .transport(URLSessionTransport())
        case .urlsession: .session(URLSession(configuration: .ephemeral))
        }
    }

    enum Client: Sendable {
        case transport(any HTTPTransport)
        case session(URLSession)

        /// The body of `GET url` (with the Cocoacasts series' API token), of at most `limit` bytes —
        /// except through bare URLSession, which has no limit. A transport's failure throws
        /// its `TransportError`.
        func get(_ url: URL, limit: Int = 10 << 20) async throws -> Data {
            switch self {
            case .transport(let transport):
                let headers: HTTPHeaders = ["X-API-TOKEN": APIConfiguration.seriesAPIToken]
                return try await transport.send(
                    HTTPRequest(method: "GET", url: url, headers: headers, maximumResponseSize: limit)
                ).body
            case .session(let session):
                var request = URLRequest(url: url)
                request.setValue(APIConfiguration.seriesAPIToken, forHTTPHeaderField: "X-API-TOKEN")
                return try await session.data(for: request).0
            }
        }
    }
}
