import Domain
import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Raw `URLSession` requests to the mock API server, redirects not followed.
struct Probe {
    struct Reply {
        let status: Int
        let headers: [AnyHashable: Any]
        let body: Data

        func header(_ name: String) -> String? {
            headers.first { ($0.key as? String)?.lowercased() == name.lowercased() }?.value as? String
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONDecoder().decode(type, from: body)
        }
    }

    /// Stops URLSession from following redirects, so a test sees the 3xx itself.
    final class RedirectRefuser: NSObject, URLSessionTaskDelegate {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

    static let apiToken = "1772bb7bc78941e2b51c9c67d17ee76e"
    static let demoCredentials = Data("demo@cocoacasts.com:cocoacasts".utf8).base64EncodedString()

    let server: MockAPIServer
    private let session = URLSession(configuration: .ephemeral, delegate: RedirectRefuser(), delegateQueue: nil)

    init(_ server: MockAPIServer) {
        self.server = server
    }

    /// Sends a request to `path` under the API's base URL (or `baseURL`), with the API token unless told otherwise.
    func send(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil,
        apiToken: String? = Probe.apiToken, baseURL: URL? = nil, timeout: TimeInterval = 10
    ) async throws -> Reply {
        let base = (baseURL ?? server.baseURL).absoluteString
        var request = URLRequest(url: URL(string: base + path)!, timeoutInterval: timeout)
        request.httpMethod = method
        request.httpBody = body
        if let apiToken { request.setValue(apiToken, forHTTPHeaderField: "X-API-TOKEN") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        return Reply(status: http.statusCode, headers: http.allHeaderFields, body: data)
    }

    /// `GET` with a Bearer token.
    func get(_ path: String, bearer: String?) async throws -> Reply {
        try await send("GET", path, headers: bearer.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }

    /// Signs the demo user in and returns the pair.
    func signIn() async throws -> SignInResponse {
        let reply = try await send("POST", "/auth", headers: ["Authorization": "Basic \(Probe.demoCredentials)"])
        return try reply.decode(SignInResponse.self)
    }

    /// `POST /auth/refresh` with `refreshToken`.
    func refresh(_ refreshToken: String) async throws -> Reply {
        try await send("POST", "/auth/refresh", body: Data(#"{"refreshToken": "\#(refreshToken)"}"#.utf8))
    }

    /// The catalog's first episode, whose video the server knows.
    static let knownVideoID = "632759499"
}
