import Digest
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the in-process mock API remembers: sign-ins and progress. It lives in a
/// ``/Ports/KeyValueStore`` under one key, so with a file store it outlives the process (the
/// CLI signs in in one run and watches a video in the next) and processes share it.
///
/// Tokens are remembered by their SHA-256 digest, as a careful server keeps them: the state
/// file then holds nothing a reader could present, and a sign-in leaves no token in any file
/// when the client keeps its own in the keyring.
struct BuiltInMockState: Codable, Equatable, Sendable {
    /// One sign-in: the family of tokens that reuse of a refresh token revokes.
    struct Session: Codable, Equatable, Sendable {
        var user: String
        var accessTokenDigest: String
        var accessTokenExpiry: Date
        var refreshTokenDigest: String
        var usedRefreshTokenDigests: [String]
    }

    /// Sessions by identifier.
    var sessions: [String: Session] = [:]
    /// Cursors by `"<user> <video id>"`.
    var progress: [String: Int] = [:]

    /// The key the state is stored under.
    static let key = "cocoacasts-mock-api-state"

    /// The user whose access token this is, if it is current and unexpired at `now`.
    func user(accessToken: String, at now: Date) -> String? {
        let digest = Self.digest(accessToken)
        return sessions.values.first { $0.accessTokenDigest == digest && $0.accessTokenExpiry > now }?.user
    }

    /// What the state keeps of a token.
    static func digest(_ token: String) -> String {
        SHA256.hex(token.utf8)
    }

    static func progressKey(user: String, videoID: String) -> String {
        "\(user) \(videoID)"
    }

    /// The state in `values`; a missing or unreadable state is a fresh one, as after a server restart.
    static func decode(from values: [String: String]) -> BuiltInMockState {
        values[key].flatMap { try? JSONDecoder().decode(BuiltInMockState.self, from: Data($0.utf8)) }
            ?? BuiltInMockState()
    }

    /// Writes the state into `values`.
    func encode(into values: inout [String: String]) {
        // A state of strings, dates and integers always encodes.
        values[Self.key] = (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) }
    }
}
