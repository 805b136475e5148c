import Foundation

/// The mock API server's `/__admin/` routes: counters, the request log, reset, token
/// expiry and fault injection.
///
/// Each request is plain HTTP/1.1 over a socket of its own, on a thread of its own: never on
/// the concurrency runtime's threads (two on a two-core machine), where FoundationNetworking's
/// `URLSession.data(for:)` waited in `DispatchQueue.sync` on its session's queue — with every
/// test polling its server, both threads were seen held there at once.
public struct MockAPIAdmin: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let origin: URL

    /// The number of requests per route key (`"POST /api/v1/auth/refresh"`, …, `"unmatched"`).
    public func counters() async throws -> [String: Int] {
        struct Counters: Decodable { let counts: [String: Int] }
        return try JSONDecoder().decode(Counters.self, from: await send("GET", "counters")).counts
    }

    /// The number of requests that reached `route` (a ``MockAPIRoute`` key).
    public func count(_ route: String) async throws -> Int {
        try await counters()[route] ?? 0
    }

    /// The number of requests for exactly `path` (`/api/v1/videos/632759499`) with `method`,
    /// where a route's counter adds up every video.
    public func count(_ method: String, path: String) async throws -> Int {
        struct Counters: Decodable { let paths: [String: Int] }
        return try JSONDecoder().decode(Counters.self, from: await send("GET", "counters")).paths["\(method) \(path)"]
            ?? 0
    }

    /// Returns once the server has counted `count` requests for `route`, polling; throws when
    /// they did not come within `limit` (a request that failed before it reached the server
    /// would otherwise keep a test waiting for ever).
    public func untilRequests(for route: String, count: Int = 1, within limit: Duration = .seconds(90)) async throws {
        let deadline = ContinuousClock.now + limit
        while try await self.count(route) < count {
            guard ContinuousClock.now < deadline else { throw MockAPIServerError.noRequest(route) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The TCP connections that carried an API or media request since start-up or the last
    /// ``reset()`` (the admin routes' own are left out): how many a client opened.
    public func connections() async throws -> Int {
        struct Counters: Decodable { let connections: Int }
        return try JSONDecoder().decode(Counters.self, from: await send("GET", "counters")).connections
    }

    /// The most recent API requests, oldest first, with the names (never values) of their headers.
    public func requests() async throws -> [RecordedRequest] {
        struct Log: Decodable { let requests: [RecordedRequest] }
        return try JSONDecoder().decode(Log.self, from: await send("GET", "requests")).requests
    }

    /// Clears counters, the request log, faults, every token and all progress.
    public func reset() async throws {
        try await send("POST", "reset")
    }

    /// Expires every current access token now; refresh tokens stay valid.
    public func expireAccessTokens() async throws {
        try await send("POST", "expire-access-tokens")
    }

    /// Installs a fault for the next matching requests.
    public func inject(_ fault: MockAPIFault) async throws {
        try await send("POST", "faults", body: JSONEncoder().encode(fault))
    }

    /// Sets the `Cache-Control` the catalogue is served with (`max-age=60` at start-up).
    public func setCacheControl(_ value: String) async throws {
        try await send("POST", "cache-control", body: JSONEncoder().encode(["value": value]))
    }

    /// Removes every pending fault.
    public func clearFaults() async throws {
        try await send("DELETE", "faults")
    }

    @discardableResult
    private func send(_ method: String, _ route: String, body: Data? = nil) async throws -> Data {
        guard let port = origin.port else { throw MockAPIServerError.unexpectedOutput("no port in \(origin)") }
        let bytes = body ?? Data()
        let request =
            "\(method) /__admin/\(route) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            + "Content-Length: \(bytes.count)\r\n\r\n" + String(decoding: bytes, as: UTF8.self)
        let origin = self.origin
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
            Thread {
                continuation.resume(
                    with: Result {
                        let connection = try RawHTTPConnection(port: port, timeout: 10)
                        try connection.send(request)
                        return try Self.body(of: connection.receive(limit: 16 << 20), from: origin)
                    })
            }.start()
        }
    }

    /// The body of an HTTP/1.1 answer with a 2xx status, whole as its `Content-Length` says (the
    /// read ends when the server closes the connection, or at the reader's timeout or limit);
    /// any other answer, or none, is an error that shows it.
    private static func body(of answer: String, from origin: URL) throws -> Data {
        guard let end = answer.range(of: "\r\n\r\n"),
            let status = answer.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap({ Int($0) }),
            (200..<300).contains(status)
        else { throw MockAPIServerError.unexpectedOutput(answer.isEmpty ? "no answer from \(origin)" : answer) }
        let body = Data(answer[end.upperBound...].utf8)
        let length = answer[..<end.lowerBound].split(separator: "\r\n").lazy.compactMap { line -> Int? in
            let (name, value) = (line.prefix { $0 != ":" }, line.drop { $0 != ":" }.dropFirst())
            return name.lowercased() == "content-length" ? Int(value.trimmingCharacters(in: .whitespaces)) : nil
        }.first
        guard length == nil || length == body.count else {
            throw MockAPIServerError.unexpectedOutput("an answer cut short at \(body.count) of \(length ?? 0) bytes")
        }
        return body
    }
}

/// One API request as the server's log shows it.
public struct RecordedRequest: Decodable, Equatable, Sendable {
    /// The HTTP method.
    public let method: String
    /// The path, without the query.
    public let path: String
    /// The `Host` header: which origin the request reached.
    public let host: String?
    /// The `User-Agent` header: which client sent it (never a secret).
    public let userAgent: String?
    /// The lower-cased names of the headers that arrived.
    public let headers: [String]
}

/// The server's route keys, as counters and faults name them.
public enum MockAPIRoute {
    /// `POST /auth`.
    public static let signIn = "POST /api/v1/auth"
    /// `POST /auth/refresh`.
    public static let refresh = "POST /api/v1/auth/refresh"
    /// `GET /episodes`.
    public static let episodes = "GET /api/v1/episodes"
    /// `GET /videos/{id}`.
    public static let video = "GET /api/v1/videos/{id}"
    /// `GET /videos/{id}/progress`.
    public static let progress = "GET /api/v1/videos/{id}/progress"
    /// `POST /videos/{id}/progress`.
    public static let updateProgress = "POST /api/v1/videos/{id}/progress"
    /// `DELETE /videos/{id}/progress`.
    public static let deleteProgress = "DELETE /api/v1/videos/{id}/progress"
    /// Every API route.
    public static let any = "*"
    /// The counter of `304 Not Modified` answers to `If-None-Match` (not a route).
    public static let notModified = "not-modified"
}

/// A fault the server injects into the next `count` requests of a route (`-1`: all of them).
public struct MockAPIFault: Encodable, Sendable {
    let route: String
    let kind: String
    let count: Int
    var seconds: Double?
    var status: Int?
    var retryAfter: Int?
    var retryAfterDate: Int?
    var reason: String?
    var body: String?
    var headers: [String: String]?
    var location: String?
    var interval: Double?
    var size: Int?

    /// Waits `seconds` before answering normally.
    public static func latency(_ seconds: Double, route: String = MockAPIRoute.any, count: Int = 1) -> Self {
        Self(route: route, kind: "latency", count: count, seconds: seconds)
    }

    /// Answers with `status`, and `Retry-After` when given; the body is the API's error
    /// body with `reason` (by default "Injected fault"), or `body` as it is; `headers` are added.
    public static func status(
        _ status: Int, retryAfter: Int? = nil, reason: String? = nil, body: String? = nil,
        headers: [String: String]? = nil, route: String = MockAPIRoute.any, count: Int = 1
    ) -> Self {
        Self(
            route: route, kind: "status", count: count, status: status, retryAfter: retryAfter, reason: reason,
            body: body, headers: headers)
    }

    /// Answers 200 with a body that is not JSON.
    public static func malformed(route: String = MockAPIRoute.any, count: Int = 1) -> Self {
        Self(route: route, kind: "malformed", count: count)
    }

    /// Closes the connection without answering.
    public static func drop(route: String = MockAPIRoute.any, count: Int = 1) -> Self {
        Self(route: route, kind: "drop", count: count)
    }

    /// Sends the headers and part of the body, then waits `seconds` and closes.
    public static func stall(_ seconds: Double = 30, route: String = MockAPIRoute.any, count: Int = 1) -> Self {
        Self(route: route, kind: "stall", count: count, seconds: seconds)
    }

    /// Redirects to the same path on the other loopback origin.
    public static func redirect(status: Int = 307, route: String = MockAPIRoute.any, count: Int = 1) -> Self {
        Self(route: route, kind: "redirect", count: count, status: status)
    }

    /// Redirects to `location`, whatever it is (another scheme, another host).
    public static func redirect(
        status: Int = 307, to location: String, route: String = MockAPIRoute.any, count: Int = 1
    ) -> Self {
        Self(route: route, kind: "redirect", count: count, status: status, location: location)
    }

    /// Answers `status` with `Retry-After` as the HTTP date `seconds` from now.
    public static func status(
        _ status: Int, retryAfterDate seconds: Int, route: String = MockAPIRoute.any, count: Int = 1
    ) -> Self {
        Self(route: route, kind: "status", count: count, status: status, retryAfterDate: seconds)
    }

    /// Serves the request (a refresh rotates the tokens), then waits `seconds` before answering;
    /// with `status`, only an answer of that status waits (a video's 200, not its 401).
    public static func hold(
        _ seconds: Double, route: String = MockAPIRoute.any, count: Int = 1, status: Int? = nil
    ) -> Self {
        Self(route: route, kind: "hold", count: count, seconds: seconds, status: status)
    }

    /// Issues tokens that end in CR LF and a header line of their own.
    public static func crlfTokens(route: String = MockAPIRoute.any, count: Int = 1) -> Self {
        Self(route: route, kind: "crlf-tokens", count: count)
    }

    /// Sends the body one byte every `interval` seconds.
    public static func trickle(every interval: Double, route: String = MockAPIRoute.any, count: Int = 1) -> Self {
        Self(route: route, kind: "trickle", count: count, interval: interval)
    }

    /// Answers 200 with a gzip body that inflates to `size` zero bytes.
    public static func gzipBomb(inflatingTo size: Int, route: String = MockAPIRoute.any, count: Int = 1) -> Self {
        Self(route: route, kind: "gzip-bomb", count: count, size: size)
    }
}
