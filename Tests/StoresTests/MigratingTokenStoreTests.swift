import Domain
import PortContracts
import Ports
import Stores
import Stubs
import Testing

@Suite("MigratingTokenStore: moving to a new store signs nobody out")
struct MigratingTokenStoreTests {
    private let currentValues = SpyKeyValueStore(InMemoryKeyValueStore())
    private let previousValues = FailingKeyValueStore(InMemoryKeyValueStore())
    private var current: KeyValueTokenStore { KeyValueTokenStore(store: currentValues) }
    private var previous: KeyValueTokenStore { KeyValueTokenStore(store: previousValues) }
    private var migrating: MigratingTokenStore { MigratingTokenStore(current: current, previous: previous) }

    @Test func readsThePreviousStoreWhenTheCurrentIsEmpty() async throws {
        // Given tokens in the previous store only
        try await previous.setTokens(SampleTokens.first)
        // Then the migrating store reads them, and reading writes nothing
        #expect(try await migrating.tokens() == SampleTokens.first)
        #expect(currentValues.appliedChanges.isEmpty)
    }

    @Test func aWriteLandsInTheCurrentStoreAndClearsThePrevious() async throws {
        // Given
        try await previous.setTokens(SampleTokens.first)
        // When
        try await migrating.setTokens(SampleTokens.second)
        // Then
        #expect(try await current.tokens() == SampleTokens.second)
        #expect(try await previous.tokens() == nil)
    }

    @Test func aPairInTheCurrentStoreWinsOverThePrevious() async throws {
        try await previous.setTokens(SampleTokens.first)
        try await current.setTokens(SampleTokens.second)
        #expect(try await migrating.tokens() == SampleTokens.second)
    }

    @Test func theCurrentPairWinsEvenWhenThePreviousStoreIsUnreadable() async throws {
        try await current.setTokens(SampleTokens.second)
        previousValues.fail(with: .corrupt(path: "legacy", detail: "garbage"))
        #expect(try await migrating.tokens() == SampleTokens.second)
    }

    @Test func aPreviousStoreThatCannotBeClearedDoesNotFailTheSignInButSaysSo() async throws {
        try await previous.setTokens(SampleTokens.first)
        let failure = StoreError.corrupt(path: "legacy", detail: "garbage")
        previousValues.fail(with: failure)
        let leftovers = CallRecorder<StoreError>()
        let migrating = MigratingTokenStore(current: current, previous: previous, leftover: { leftovers.record($0) })
        try await migrating.setTokens(SampleTokens.second)
        #expect(try await migrating.tokens() == SampleTokens.second)
        #expect(leftovers.calls == [failure])
    }

    @Test func aSignOutNeverFallsBackToAMigratedPairThatCouldNotBeCleared() async throws {
        // Given a pair moved from the previous store, which then could not be cleared
        try await previous.setTokens(SampleTokens.first)
        try await migrating.setSessionIfAbsent(StoredSession(tokens: SampleTokens.first))
        try await current.setTokens(SampleTokens.second)  // rotated since
        try await previous.setTokens(SampleTokens.first)  // the stale pair is back, and stays
        previousValues.fail(with: .io(path: "legacy", detail: "Read-only file system"))
        // When the user signs out, the sign-out fails with the previous store's error
        await #expect(throws: StoreError.io(path: "legacy", detail: "Read-only file system")) {
            try await migrating.reset()
        }
        // Then the current pair is still what is read: never the stale previous one
        #expect(try await migrating.tokens() == SampleTokens.second)
    }

    @Test func migratingTwiceIsHarmless() async throws {
        // Given a migration that already ran
        try await previous.setTokens(SampleTokens.first)
        try await migrating.setSessionIfAbsent(StoredSession(tokens: SampleTokens.other))
        // When it runs again
        try await migrating.setSessionIfAbsent(StoredSession(tokens: SampleTokens.other))
        // Then the migrated pair is unchanged and the current store was not written again
        #expect(try await current.tokens() == SampleTokens.first)
        #expect(try await previous.tokens() == nil)
        #expect(currentValues.appliedChanges.count == 1)
    }

    @Test func resetClearsBothStores() async throws {
        try await previous.setTokens(SampleTokens.first)
        try await current.setTokens(SampleTokens.second)
        try await migrating.reset()
        #expect(try await current.tokens() == nil)
        #expect(try await previous.tokens() == nil)
        #expect(try await migrating.tokens() == nil)
    }

    @Test func aRefreshMigratesFirstThenRefreshesInTheCurrentStore() async throws {
        try await previous.setTokens(SampleTokens.first)
        let calls = CallRecorder<String>()
        let fresh = try await migrating.refreshTokens(replacing: SampleTokens.first.accessToken) { refreshToken in
            calls.record(refreshToken)
            return SampleTokens.second
        }
        #expect(fresh == SampleTokens.second)
        #expect(calls.calls == [SampleTokens.first.refreshToken])
        #expect(try await current.tokens() == SampleTokens.second)
        #expect(try await previous.tokens() == nil)
    }

    @Test func concurrentMigrationsRefreshOnceAndLoseNothing() async throws {
        // Given 50 independent migrating stores (as in 50 processes) over the same two stores
        try await previous.setTokens(SampleTokens.first)
        let calls = CallRecorder<String>()
        let stores = (0..<50).map { _ in MigratingTokenStore(current: current, previous: previous) }
        // When each refreshes the legacy access token at the same moment
        let results = try await withThrowingTaskGroup(of: TokenPair.self) { group in
            for store in stores {
                group.addTask {
                    try await store.refreshTokens(replacing: SampleTokens.first.accessToken) { refreshToken in
                        calls.record(refreshToken)
                        return SampleTokens.second
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Then one refresh happened, everyone got its result, and it is what is stored
        #expect(calls.count == 1)
        #expect(results.allSatisfy { $0 == SampleTokens.second })
        #expect(try await current.tokens() == SampleTokens.second)
        #expect(try await previous.tokens() == nil)
    }
}

@Suite("MigratingTokenStore: migrating on the first read")
struct MigratingOnReadTests {
    private let currentValues = SpyKeyValueStore(InMemoryKeyValueStore())
    private let previousValues = FailingKeyValueStore(InMemoryKeyValueStore())
    private var current: KeyValueTokenStore { KeyValueTokenStore(store: currentValues) }
    private var previous: KeyValueTokenStore { KeyValueTokenStore(store: previousValues) }
    private var migrating: MigratingTokenStore {
        MigratingTokenStore(current: current, previous: previous, migratesOnRead: true)
    }

    @Test func theFirstReadMovesThePairAndLeavesNoCopyBehind() async throws {
        try await previous.setTokens(SampleTokens.first)
        #expect(try await migrating.tokens() == SampleTokens.first)
        #expect(try await current.tokens() == SampleTokens.first)
        #expect(try await previous.tokens() == nil)
        // Done, a second read writes nothing.
        let writes = currentValues.appliedChanges.count
        #expect(try await migrating.tokens() == SampleTokens.first)
        #expect(currentValues.appliedChanges.count == writes)
    }

    @Test func anInterruptedMigrationIsFinishedAndTheCurrentPairWins() async throws {
        // Given a run that copied the pair, then was killed before clearing the previous
        // store, and another process that refreshed in the current store since
        try await current.setTokens(SampleTokens.second)
        try await previous.setTokens(SampleTokens.first)
        // Then the next read keeps the current pair and clears the copy left behind
        #expect(try await migrating.tokens() == SampleTokens.second)
        #expect(try await previous.tokens() == nil)
        #expect(try await current.tokens() == SampleTokens.second)
    }

    @Test func aCurrentStoreThatCannotBeWrittenFailsTheReadAndKeepsThePrevious() async throws {
        let failing = FailingKeyValueStore(InMemoryKeyValueStore())
        failing.failWrites(with: StoreError.io(path: "keyring", detail: "locked"))
        let store = MigratingTokenStore(
            current: KeyValueTokenStore(store: failing), previous: previous, migratesOnRead: true)
        try await previous.setTokens(SampleTokens.first)
        await #expect(throws: StoreError.io(path: "keyring", detail: "locked")) { try await store.tokens() }
        #expect(try await previous.tokens() == SampleTokens.first)
    }
}

@Suite("MigratingTokenStore: a pair stored in the previous store while migrating stays")
struct MigrationRaceTests {
    /// A previous store that another process refreshes right after each read.
    struct RefreshedAfterReading: TokenStore {
        let stored: KeyValueTokenStore
        func tokens() async throws(StoreError) -> TokenPair? {
            let read = try await stored.tokens()
            try await stored.setTokens(SampleTokens.second)
            return read
        }
        func setTokens(_ tokens: TokenPair) async throws(StoreError) { try await stored.setTokens(tokens) }
        func session() async throws(StoreError) -> StoredSession? {
            try await tokens().map { StoredSession(tokens: $0) }
        }
        func setSessionIfAbsent(_ session: StoredSession) async throws(StoreError) {
            try await stored.setSessionIfAbsent(session)
        }
        func reset() async throws(StoreError) { try await stored.reset() }
        func reset(ifStill tokens: TokenPair) async throws(StoreError) { try await stored.reset(ifStill: tokens) }
        func refreshTokens(replacing staleAccessToken: String, using refresh: TokenRefresh)
            async throws(TokenRefreshError) -> TokenPair
        {
            try await stored.refreshTokens(replacing: staleAccessToken, using: refresh)
        }
    }

    @Test func onlyThePairCopiedIsRemoved() async throws {
        let previous = KeyValueTokenStore(store: InMemoryKeyValueStore())
        let current = KeyValueTokenStore(store: InMemoryKeyValueStore())
        try await previous.setTokens(SampleTokens.first)
        let migrating = MigratingTokenStore(
            current: current, previous: RefreshedAfterReading(stored: previous), migratesOnRead: true)
        #expect(try await migrating.tokens() == SampleTokens.first)
        #expect(try await previous.tokens() == SampleTokens.second, "the pair stored since is another session's")
    }
}
