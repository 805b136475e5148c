import Domain
import PortContracts
import Ports
import Stores
import Stubs
import Testing

@Suite("KeyValueTokenStore: a token pair over any key-value store")
struct KeyValueTokenStoreTests {
    @Test func emptyStoreGivesNoTokens() async throws {
        // Given an empty key-value store
        let store = KeyValueTokenStore(store: InMemoryKeyValueStore())
        // Then there is no pair and no access token
        #expect(try await store.tokens() == nil)
        #expect(try await store.accessToken == nil)
    }

    @Test func savingWritesTheExpectedKeysInOneChange() async throws {
        // Given
        let memory = InMemoryKeyValueStore()
        let recorded = SpyKeyValueStore(memory)
        let values = FailingKeyValueStore(recorded)
        let store = KeyValueTokenStore(store: values)
        // When
        try await store.setTokens(SampleTokens.first)
        // Then both keys were written, and a previous account's name removed, in a single atomic change
        #expect(recorded.appliedChanges == [["accessToken": "access-1", "refreshToken": "refresh-1", "account": nil]])
        #expect(memory.values == ["accessToken": "access-1", "refreshToken": "refresh-1"])
    }

    @Test func scopedKeysCarryTheScope() async throws {
        let memory = InMemoryKeyValueStore()
        let recorded = SpyKeyValueStore(memory)
        let values = FailingKeyValueStore(recorded)
        let store = KeyValueTokenStore(store: values, scope: "https://api.example.com:443")
        try await store.setTokens(SampleTokens.first)
        #expect(
            Set(memory.values.keys) == [
                "https://api.example.com:443#accessToken", "https://api.example.com:443#refreshToken",
            ])
        #expect(try await KeyValueTokenStore(store: values, scope: "http://127.0.0.1:80").tokens() == nil)
    }

    @Test func aHalfWrittenPairIsNoPair() async throws {
        let store = KeyValueTokenStore(store: InMemoryKeyValueStore(["accessToken": "only-access"]))
        #expect(try await store.tokens() == nil)
    }

    @Test func resetRemovesBothKeysAndLeavesOthers() async throws {
        let memory = InMemoryKeyValueStore(["unrelated": "kept"])
        let recorded = SpyKeyValueStore(memory)
        let values = FailingKeyValueStore(recorded)
        let store = KeyValueTokenStore(store: values)
        try await store.setTokens(SampleTokens.first)
        try await store.reset()
        #expect(memory.values == ["unrelated": "kept"])
    }

    @Test func anUnreadableStoreIsAnErrorNotASignOut() async throws {
        // Given a store that holds tokens but cannot be read
        let memory = InMemoryKeyValueStore(["accessToken": "a", "refreshToken": "r"])
        let recorded = SpyKeyValueStore(memory)
        let values = FailingKeyValueStore(recorded)
        let failure = StoreError.corrupt(path: "/tmp/credentials.json", detail: "not JSON")
        values.fail(with: failure)
        let store = KeyValueTokenStore(store: values)
        // Then reading throws rather than answering "signed out"
        await #expect(throws: failure) { try await store.tokens() }
        // And a refresh reports the store error without calling the server
        let calls = CallRecorder<String>()
        await #expect(throws: TokenRefreshError.store(failure)) {
            try await store.refreshTokens(replacing: "a") { refreshToken in
                calls.record(refreshToken)
                return SampleTokens.second
            }
        }
        #expect(calls.count == 0)
        // And nothing was written
        values.fail(with: nil)
        #expect(recorded.appliedChanges.isEmpty)
        #expect(try await store.tokens() == TokenPair(accessToken: "a", refreshToken: "r"))
    }

    /// The server revoked `refresh-1` when it answered: its pair is the only session left,
    /// so a store that cannot write it must not make it disappear.
    @Test func aRefreshedPairTheStoreCannotWriteIsKeptAndReported() async throws {
        let memory = InMemoryKeyValueStore()
        let recorded = SpyKeyValueStore(memory)
        let values = FailingKeyValueStore(recorded)
        let notices = CallRecorder<StoreError>()
        let store = KeyValueTokenStore(store: values, unsaved: { notices.record($0) })
        try await store.setTokens(SampleTokens.first)
        let full = StoreError.io(path: "/tokens", detail: "No space left on device")
        values.failWrites(with: full)
        let fresh = try await store.refreshTokens(replacing: "access-1") { refreshToken async throws(APIError) in
            #expect(refreshToken == "refresh-1")
            return SampleTokens.second
        }
        #expect(fresh == SampleTokens.second)
        #expect(notices.calls == [full])
        #expect(try await store.tokens() == SampleTokens.second)  // this process goes on with the new pair
        #expect(memory.values == ["accessToken": "access-1", "refreshToken": "refresh-1"])

        // Once the store can write again, the next exclusive access saves the held pair
        // before anything else, and the server is not asked again.
        values.failWrites(with: nil)
        let current = try await store.refreshTokens(replacing: "access-1") { _ async throws(APIError) in
            Issue.record("refreshed again")
            return SampleTokens.other
        }
        #expect(current == SampleTokens.second)
        #expect(memory.values == ["accessToken": "access-2", "refreshToken": "refresh-2"])
        #expect(try await KeyValueTokenStore(store: values).tokens() == SampleTokens.second)
    }

    @Test func aFailedWriteIsTriedOnceMoreBeforeThePairIsHeldInMemory() async throws {
        let memory = InMemoryKeyValueStore()
        let recorded = SpyKeyValueStore(memory)
        let values = FailingKeyValueStore(recorded)
        let notices = CallRecorder<StoreError>()
        let store = KeyValueTokenStore(store: values, unsaved: { notices.record($0) })
        try await store.setTokens(SampleTokens.first)
        values.failWrites(with: .io(path: "/tokens", detail: "Input/output error"), times: 1)
        _ = try await store.refreshTokens(replacing: "access-1") { _ async throws(APIError) in SampleTokens.second }
        #expect(notices.calls.isEmpty)
        #expect(memory.values == ["accessToken": "access-2", "refreshToken": "refresh-2"])
    }

    @Test func signingOutForgetsAHeldPair() async throws {
        let memory = InMemoryKeyValueStore()
        let recorded = SpyKeyValueStore(memory)
        let values = FailingKeyValueStore(recorded)
        let store = KeyValueTokenStore(store: values)
        try await store.setTokens(SampleTokens.first)
        values.failWrites(with: .io(path: "/tokens", detail: "Read-only file system"))
        _ = try await store.refreshTokens(replacing: "access-1") { _ async throws(APIError) in SampleTokens.second }
        values.failWrites(with: nil)
        try await store.reset()
        #expect(try await store.tokens() == nil)
    }

    @Test func aHeldPairGivesWayToAPairAnotherProcessStoredMeanwhile() async throws {
        let memory = InMemoryKeyValueStore()
        let recorded = SpyKeyValueStore(memory)
        let values = FailingKeyValueStore(recorded)
        let store = KeyValueTokenStore(store: values)
        try await store.setTokens(SampleTokens.first)
        values.failWrites(with: .io(path: "/tokens", detail: "No space left on device"))
        _ = try await store.refreshTokens(replacing: "access-1") { _ async throws(APIError) in SampleTokens.second }
        values.failWrites(with: nil)
        try await KeyValueTokenStore(store: values).setTokens(SampleTokens.other)  // another process signs in

        let current = try await store.refreshTokens(replacing: "access-2") { _ async throws(APIError) in
            Issue.record("refreshed again")
            return SampleTokens.first
        }
        #expect(current == SampleTokens.other)
        #expect(try await KeyValueTokenStore(store: values).tokens() == SampleTokens.other)
        #expect(try await store.tokens() == SampleTokens.other)
    }
}
