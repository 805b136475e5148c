import Domain
import Ports
import Testing

/// The behaviour every ``TokenStore`` must have; each case starts from an empty store.
public typealias TokenStoreContract = Contract<any TokenStore>

extension Contract where Subject == any TokenStore {
    /// Every case of the contract.
    public static var cases: [TokenStoreContract] { storageCases + refreshCases }
}

/// Token pairs for tests: distinct, recognisable, and never real secrets.
public enum SampleTokens {
    /// The first pair a store receives.
    public static let first = TokenPair(accessToken: "access-1", refreshToken: "refresh-1")
    /// The pair a refresh of ``first`` returns.
    public static let second = TokenPair(accessToken: "access-2", refreshToken: "refresh-2")
    /// A pair from a different sign-in.
    public static let other = TokenPair(accessToken: "access-other", refreshToken: "refresh-other")
    /// ``first`` with the name of the account that signed in.
    public static let firstSession = StoredSession(tokens: first, account: "ann@example.com")
}

extension Contract where Subject == any TokenStore {
    static var storageCases: [TokenStoreContract] {
        [
            TokenStoreContract("an empty store has no tokens") { store async throws in
                #expect(try await store.tokens() == nil)
                #expect(try await store.accessToken == nil)
            },
            TokenStoreContract("stored tokens read back") { store async throws in
                try await store.setTokens(SampleTokens.first)
                #expect(try await store.tokens() == SampleTokens.first)
                #expect(try await store.accessToken == SampleTokens.first.accessToken)
            },
            TokenStoreContract("reset(ifStill:) removes only the pair it names") { store async throws in
                try await store.setTokens(SampleTokens.second)
                try await store.reset(ifStill: SampleTokens.first)
                #expect(try await store.tokens() == SampleTokens.second)
                try await store.reset(ifStill: SampleTokens.second)
                #expect(try await store.tokens() == nil)
            },
            TokenStoreContract("the last write wins") { store async throws in
                try await store.setTokens(SampleTokens.first)
                try await store.setTokens(SampleTokens.second)
                #expect(try await store.tokens() == SampleTokens.second)
            },
            TokenStoreContract("reset signs out") { store async throws in
                try await store.setTokens(SampleTokens.first)
                try await store.reset()
                #expect(try await store.tokens() == nil)
                try await store.reset()
                #expect(try await store.tokens() == nil)
            },
            TokenStoreContract("setSessionIfAbsent fills an empty store with the pair and its account") {
                store async throws in
                try await store.setSessionIfAbsent(SampleTokens.firstSession)
                #expect(try await store.tokens() == SampleTokens.first)
                #expect(try await store.session() == SampleTokens.firstSession)
            },
            TokenStoreContract("setSessionIfAbsent keeps an existing pair, and gives it no account of another's") {
                store async throws in
                try await store.setTokens(SampleTokens.second)
                try await store.setSessionIfAbsent(SampleTokens.firstSession)
                #expect(try await store.session() == StoredSession(tokens: SampleTokens.second))
            },
            TokenStoreContract("setSessionIfAbsent names its own pair stored without an account") {
                store async throws in
                try await store.setTokens(SampleTokens.first)
                try await store.setSessionIfAbsent(SampleTokens.firstSession)
                #expect(try await store.session() == SampleTokens.firstSession)
            },
            TokenStoreContract("a new pair, and a sign-out, forget the account") { store async throws in
                try await store.setSessionIfAbsent(SampleTokens.firstSession)
                try await store.setTokens(SampleTokens.second)
                #expect(try await store.session() == StoredSession(tokens: SampleTokens.second))
                try await store.reset()
                try await store.setSessionIfAbsent(SampleTokens.firstSession)
                try await store.reset()
                #expect(try await store.session() == nil)
                try await store.setTokens(SampleTokens.first)
                #expect(try await store.session() == StoredSession(tokens: SampleTokens.first))
            },
        ]
    }
}
