import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The mock API server's admin routes, for setting up and checking benchmarks.
struct Admin {
    let origin: URL

    init(baseURL: URL) {
        origin = URL(string: "http://\(baseURL.host!):\(baseURL.port!)")!
    }

    func count(_ route: String) async throws -> Int {
        struct Counters: Decodable { let counts: [String: Int] }
        let data = try await send("GET", "counters")
        return try JSONDecoder().decode(Counters.self, from: data).counts[route] ?? 0
    }

    /// The TCP connections that carried an API request since the server started (or was reset).
    func connections() async throws -> Int {
        struct Counters: Decodable { let connections: Int }
        return try JSONDecoder().decode(Counters.self, from: try await send("GET", "counters")).connections
    }

    /// The requests per path and method since the last reset (`"GET /media/1/v2/seg0.ts": 1`).
    func paths() async throws -> [String: Int] {
        struct Counters: Decodable { let paths: [String: Int] }
        return try JSONDecoder().decode(Counters.self, from: try await send("GET", "counters")).paths
    }

    func expireAccessTokens() async throws { try await send("POST", "expire-access-tokens") }

    func reset() async throws { try await send("POST", "reset") }

    /// A fault for the next `count` requests of `route` (see Scripts/mock-api's docstring).
    struct Fault: Encodable {
        var route = Admin.episodes
        let kind: String
        var seconds: Double?
        var size: Int?
        var count = 1
    }

    func add(_ fault: Fault) async throws {
        try await send("POST", "faults", body: JSONEncoder().encode(fault))
    }

    func setCacheControl(_ value: String) async throws {
        try await send("POST", "cache-control", body: JSONEncoder().encode(["value": value]))
    }

    @discardableResult
    private func send(_ method: String, _ route: String, body: Data? = nil) async throws -> Data {
        var request = URLRequest(url: origin.appendingPathComponent("__admin/\(route)"))
        request.httpMethod = method
        request.httpBody = body
        return try await URLSession.shared.data(for: request).0
    }

    static let refresh = "POST /api/v1/auth/refresh"
    static let episodes = "GET /api/v1/episodes"
    static let notModified = "not-modified"
}
