import Domain
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

    /// Remembers the tokens `store` holds now, so that later text is checked for them too.
    public func remember(tokensIn store: any TokenStore) {
        guard let tokens = try? store.tokens() else { return }
        seenTokens.record(tokens.accessToken)
        seenTokens.record(tokens.refreshToken)
    }

    /// Records an issue when `text` holds a secret.
    public func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in fixedSecrets + seenTokens.calls where text.contains(secret) {
            Issue.record("a secret reached the output: …\(text.prefix(40))…", sourceLocation: sourceLocation)
        }
    }
}
