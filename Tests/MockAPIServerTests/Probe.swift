import Domain
import Foundation
import PortContracts

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Raw `URLSession` requests to the mock API server, redirects not followed.
struct Probe: MockAPIConnection {
    /// Stops URLSession from following redirects, so a test sees the 3xx itself.
    final class RedirectRefuser: NSObject, URLSessionTaskDelegate {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

    static let demoCredentials = Data("\(DemoAccount.email):\(DemoAccount.password)".utf8).base64EncodedString()
    static let knownVideoID = MockAPIContract.knownVideoID

    let server: MockAPIServer
    private let session = URLSession(configuration: .ephemeral, delegate: RedirectRefuser(), delegateQueue: nil)

    init(_ server: MockAPIServer) {
        self.server = server
    }

    func send(_ method: String, _ path: String, headers: [String: String], body: Data?, apiToken: String?)
        async throws -> HTTPReply
    {
        try await send(method, path, headers: headers, body: body, apiToken: apiToken, baseURL: nil)
    }

    /// Sends to `path` under the API's base URL (or `baseURL`), giving up after `timeout` seconds.
    func send(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil,
        apiToken: String? = Probe.apiToken, baseURL: URL?, timeout: TimeInterval = 10
    ) async throws -> HTTPReply {
        let base = (baseURL ?? server.baseURL).absoluteString
        var request = URLRequest(url: URL(string: base + path)!, timeoutInterval: timeout)
        request.httpMethod = method
        request.httpBody = body
        if let apiToken { request.setValue(apiToken, forHTTPHeaderField: "X-API-TOKEN") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        let fields = Dictionary(
            http.allHeaderFields.compactMap { key, value in (key as? String).map { ($0, "\(value)") } },
            uniquingKeysWith: { first, _ in first })
        return HTTPReply(status: http.statusCode, headers: fields, body: data)
    }

    func expireAccessTokens() async throws {
        try await server.admin.expireAccessTokens()
    }
}
