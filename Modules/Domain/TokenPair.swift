/// The token pair that signing in (and refreshing) returns, and that a token store keeps.
///
/// Both tokens are secrets: `description`, `debugDescription` and the reflected
/// children never show them, so neither a log line, a test failure nor `dump` leaks one.
public struct TokenPair: Codable, Equatable, Hashable, Sendable {
    /// The short-lived token sent as `Authorization: Bearer` with protected requests.
    public let accessToken: String
    /// The long-lived, single-use token that buys a new pair.
    public let refreshToken: String

    public init(accessToken: String, refreshToken: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }
}

extension TokenPair: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A description with both tokens redacted.
    public var description: String { "TokenPair(accessToken: <redacted>, refreshToken: <redacted>)" }

    /// The same redacted text as `description`.
    public var debugDescription: String { description }

    /// A mirror whose children hide the tokens' values.
    public var customMirror: Mirror {
        Mirror(self, children: ["accessToken": "<redacted>", "refreshToken": "<redacted>"], displayStyle: .struct)
    }
}
