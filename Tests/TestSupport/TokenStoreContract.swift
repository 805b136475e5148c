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
            TokenStoreContract("setTokensIfAbsent fills an empty store") { store async throws in
                try await store.setTokensIfAbsent(SampleTokens.first)
                #expect(try await store.tokens() == SampleTokens.first)
            },
            TokenStoreContract("setTokensIfAbsent keeps an existing pair") { store async throws in
                try await store.setTokens(SampleTokens.second)
                try await store.setTokensIfAbsent(SampleTokens.first)
                #expect(try await store.tokens() == SampleTokens.second)
            },
        ]
    }
}
