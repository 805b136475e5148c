import Domain
import Foundation
import PortContracts
import Ports
import Testing

/// Checks text that reaches a user or a log for secrets: the API token, passwords, and
/// every token a store has held. Records a test issue for each leak.
public final class SecretAudit: Sendable {
    private let fixedSecrets: [String]
    private let seenTokens = CallRecorder<String>()

    /// Creates an audit for `secrets` (the API token, passwords) plus tokens it is shown.
    public init(secrets: [String]) {
        fixedSecrets = secrets.filter { !$0.isEmpty }
    }

    /// Remembers `secrets` (tokens a store holds), so that later text is checked for them too.
    public func remember(_ secrets: [String]) {
        secrets.forEach(seenTokens.record)
    }

    /// Remembers the tokens `store` holds now, so that later text is checked for them too.
    public func remember(tokensIn store: any TokenStore) async {
        guard let tokens = try? await store.tokens() else { return }  // a store that cannot be read holds none to audit
        seenTokens.record(tokens.accessToken)
        seenTokens.record(tokens.refreshToken)
    }

    /// Records an issue when `text` holds a secret — saying where, never showing it.
    ///
    /// The search is C's `strstr`: it runs inside clients' observers, on the concurrency
    /// runtime's threads (two on a two-core machine), once per event for every secret, and
    /// Foundation's `range(of:)` (CFString's search, on Linux) or the standard library's
    /// generic search in a debug build held those threads long enough to starve the suite.
    public func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in fixedSecrets + seenTokens.calls {
            guard let offset = Self.offset(of: secret, in: text) else { continue }
            Issue.record(
                "a secret of \(secret.utf8.count) bytes reached the output at byte \(offset)",
                sourceLocation: sourceLocation)
        }
    }

    /// Where `secret`'s bytes first are in `text`'s, by C's `strstr` (see ``check(_:sourceLocation:)``).
    public static func offset(of secret: String, in text: String) -> Int? {
        guard !secret.isEmpty else { return nil }  // strstr finds "" at once: no secret at all
        return text.withCString { haystack in
            secret.withCString { needle in strstr(haystack, needle).map { haystack.distance(to: UnsafePointer($0)) } }
        }
    }
}
