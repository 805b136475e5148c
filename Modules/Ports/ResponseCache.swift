import Domain

/// Saved answers of the API, so that a list fetched before can be revalidated cheaply,
/// served while fresh and shown when the server cannot be reached.
///
/// Reads and writes never fail for the caller: an entry that cannot be read is dropped
/// and reads as absent, and a write that cannot be made leaves the cache as it was (an
/// adapter reports such problems its own way). Only ``clear()``, which a user asks for,
/// throws.
public protocol ResponseCache: Sendable {
    /// The entry saved for `key`, or `nil` when there is none or it could not be read.
    func response(for key: ResponseCacheKey) async -> CachedResponse?
    /// Saves `response` for `key`, replacing any entry.
    func store(_ response: CachedResponse, for key: ResponseCacheKey) async
    /// Removes the entry for `key`, if any.
    func removeResponse(for key: ResponseCacheKey) async
    /// Removes every entry.
    func clear() async throws(ResponseCacheError)
}

/// What an entry is saved under: the server's origin, the route (method and path), and
/// a digest of the credentials that select the answer.
///
/// Two users of one machine, or one user with two API tokens, may be shown different
/// lists by one server: an answer is only ever read back for the credentials it was
/// given for. The key holds a digest of them (never a credential itself), as it is
/// written into the entry.
public struct ResponseCacheKey: Hashable, Sendable, CustomStringConvertible {
    /// The server the answer came from.
    public let origin: Origin
    /// The method and path below the base URL, such as `GET /api/v1/episodes`.
    public let route: String
    /// A digest of the credentials the request carried, such as `api-token:sha256/9f86d081…`;
    /// empty when none selects the answer.
    public let credentialDigest: String

    /// A key for `route` on `origin`, asked with the credentials of `credentialDigest`.
    public init(origin: Origin, route: String, credentialDigest: String = "") {
        self.origin = origin
        self.route = route
        self.credentialDigest = credentialDigest
    }

    /// `http://127.0.0.1:8080 GET /api/v1/episodes api-token:sha256/9f86d081…`.
    public var description: String {
        credentialDigest.isEmpty ? "\(origin) \(route)" : "\(origin) \(route) \(credentialDigest)"
    }
}

/// Why the cache could not be emptied; the text names paths, never contents.
public struct ResponseCacheError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One sentence for the user.
    public let description: String

    /// An error that says `description`.
    public init(_ description: String) {
        self.description = description
    }
}
