import Domain
import Foundation

/// Something that answers like the mock API — the Python server over TCP, or the
/// in-process stub — so one HTTP-level contract (``MockAPIContract``) checks both.
public protocol MockAPIConnection: Sendable {
    /// Sends a request to `path` below `/api/v1` (`"/episodes"`) with `apiToken` as `X-API-TOKEN` (none when `nil`).
    func send(_ method: String, _ path: String, headers: [String: String], body: Data?, apiToken: String?)
        async throws -> HTTPReply
    /// Makes every current access token expired; refresh tokens stay valid.
    func expireAccessTokens() async throws
}

/// An HTTP response as a test looks at it.
public struct HTTPReply: Sendable {
    /// The status code.
    public let status: Int
    /// The headers, names lower-cased.
    public let headers: [String: String]
    public let body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
    }

    /// The value of header `name`, in any case.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The body decoded as `type`.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: body)
    }
}

extension MockAPIConnection {
    /// The series' API token, which both implementations accept by default.
    public static var apiToken: String { DemoAccount.apiToken }

    /// Sends with the Cocoacasts series' API token.
    public func send(_ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil)
        async throws -> HTTPReply
    {
        try await send(method, path, headers: headers, body: body, apiToken: Self.apiToken)
    }

    /// `GET path` with `Authorization: Bearer <token>` when a token is given.
    public func get(_ path: String, bearer: String?) async throws -> HTTPReply {
        try await send("GET", path, headers: bearer.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }

    /// Signs the demo user in.
    public func signIn() async throws -> TokenPair {
        let basic = Data("\(DemoAccount.email):\(DemoAccount.password)".utf8).base64EncodedString()
        return try await send("POST", "/auth", headers: ["Authorization": "Basic \(basic)"]).decode(TokenPair.self)
    }

    /// `POST /auth/refresh` with `refreshToken`.
    public func refresh(_ refreshToken: String) async throws -> HTTPReply {
        try await send("POST", "/auth/refresh", body: Data(#"{"refreshToken": "\#(refreshToken)"}"#.utf8))
    }
}
