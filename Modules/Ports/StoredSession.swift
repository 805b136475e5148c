import Domain

/// What one sign-in leaves in a token store: the token pair and, when it was recorded,
/// the name of the account that signed in (an e-mail address, not a secret). A migration
/// moves the whole of it, as the Cocoacasts series' `Account` is a name with its token.
public struct StoredSession: Equatable, Sendable {
    public let tokens: TokenPair
    /// Who signed in; `nil` when the store has no name for the pair.
    public let account: String?

    public init(tokens: TokenPair, account: String? = nil) {
        self.tokens = tokens
        self.account = account
    }
}
