import Domain
import PortContracts
import Ports
import Stores
import Stubs
import Testing

/// The failing store the token-store and view-model tests rely on behaves as documented.
@Suite("FailingKeyValueStore: failures on request that never look empty and change nothing")
struct FailingKeyValueStoreTests {
    static let corrupt = StoreError.corrupt(path: "/tmp/credentials.json", detail: "not a credentials document")
    static let readOnly = StoreError.io(path: "/tmp/credentials.json", detail: "Read-only file system")

    @Test func failingReadsThrowEverywhereAndNeverLookEmpty() async throws {
        // Given a store holding a token pair
        let store = FailingKeyValueStore(InMemoryKeyValueStore())
        let tokens = KeyValueTokenStore(store: store)
        try await tokens.setTokens(SampleTokens.first)

        // When its reads fail
        store.failReads(with: Self.corrupt)

        // Then every read throws that error, exclusive access included, and nothing is lost
        await #expect(throws: Self.corrupt) { try await tokens.tokens() }
        await #expect(throws: Self.corrupt) { try await tokens.accessToken }
        await #expect(throws: Self.corrupt) {
            try await tokens.setSessionIfAbsent(StoredSession(tokens: SampleTokens.second))
        }
        store.failReads(with: nil)
        #expect(try await tokens.tokens() == SampleTokens.first)
    }

    @Test func failingWritesChangeNothing() async throws {
        // Given a signed-in store whose writes fail
        let store = FailingKeyValueStore(InMemoryKeyValueStore())
        let tokens = KeyValueTokenStore(store: store)
        try await tokens.setTokens(SampleTokens.first)
        store.failWrites(with: Self.readOnly)

        // Then signing in again or out throws, and the stored pair stays readable
        await #expect(throws: Self.readOnly) { try await tokens.setTokens(SampleTokens.second) }
        await #expect(throws: Self.readOnly) { try await tokens.reset() }
        #expect(try await tokens.tokens() == SampleTokens.first)

        // An exclusive access that changes nothing succeeds; one that changes something throws
        try await tokens.setSessionIfAbsent(StoredSession(tokens: SampleTokens.second))
        let changed = try await store.withExclusiveAccess { values in values.isEmpty }
        #expect(!changed)
        await #expect(throws: Self.readOnly) {
            try await store.withExclusiveAccess { values in values["accessToken"] = nil }
        }
        #expect(try await tokens.tokens() == SampleTokens.first)

        // Writes work again once healed
        store.failWrites(with: nil)
        try await tokens.reset()
        #expect(try await tokens.tokens() == nil)
    }
}
