import Domain
import PortContracts
import Ports
import Stores
import Stubs
import Testing

@Suite("Progress-keptPositions contract: KeyValueKeptPositionStore over InMemoryKeyValueStore")
struct KeyValueKeptPositionStoreContractTests {
    @Test(arguments: KeptPositionStoreContract.cases)
    func contract(_ check: KeptPositionStoreContract) async throws {
        try await check.run(on: KeptPositionStoreFixture(store: InMemoryKeyValueStore()))
    }
}

@Suite("KeyValueKeptPositionStore: what it asks of its store")
struct KeyValueKeptPositionStoreTests {
    @Test func removingAVideoWithNothingKeptTakesNoExclusiveAccess() async throws {
        let spy = SpyKeyValueStore(InMemoryKeyValueStore())
        let keptPositions = KeyValueKeptPositionStore(store: spy, server: "https://a:443", account: "bart")
        try await keptPositions.remove(.sample("a", 10, at: 0))
        #expect(spy.exclusiveAccesses == 0)
    }

    /// The store's own error, unchanged, so that the message names its file; and a store that
    /// writes again takes the next position.
    @Test func aStoreThatFailsToWriteFailsTheKeepWithItsOwnError() async throws {
        let failing = FailingKeyValueStore(InMemoryKeyValueStore())
        let keptPositions = KeyValueKeptPositionStore(store: failing, server: "https://a:443", account: "bart")
        let full = StoreError.io(path: "/home/bart/.config/cocoacasts/kept-positions.json", detail: "disk full")
        failing.failWrites(with: full)
        await #expect(throws: full) { try await keptPositions.keep(.sample("a", 10, at: 0)) }
        failing.failWrites(with: nil)
        try await keptPositions.keep(.sample("a", 20, at: 1))
        #expect(try await keptPositions.kept() == [.sample("a", 20, at: 1)])
    }

    @Test func everyAccountsPositionsOfOneServerAreListedWithTheirAccount() async throws {
        let store = InMemoryKeyValueStore()
        let fixture = KeptPositionStoreFixture(store: store)
        try await fixture.keptPositions(server: "https://a:443", account: "bart").keep(.sample("v1", 10, at: 2))
        try await fixture.keptPositions(server: "https://a:443", account: "lisa").keep(.sample("v2", 20, at: 1))
        try await fixture.keptPositions(server: "https://a:443", account: "").keep(.sample("v3", 30, at: 3))
        try await fixture.keptPositions(server: "https://b:443", account: "bart").keep(.sample("v4", 40, at: 0))
        try await store.setValue("not a position's key", forKey: "https://a:443#accessToken")

        let kept = try await KeyValueKeptPositionStore.keptOfEveryAccount(in: store, server: "https://a:443")

        #expect(
            kept == [
                AccountKeptPosition(account: "lisa", position: .sample("v2", 20, at: 1)),
                AccountKeptPosition(account: "bart", position: .sample("v1", 10, at: 2)),
                AccountKeptPosition(account: "", position: .sample("v3", 30, at: 3)),
            ])
    }
}

@Suite("Watch-history contract: KeyValueWatchHistory over InMemoryKeyValueStore")
struct KeyValueWatchHistoryContractTests {
    @Test(arguments: WatchHistoryContract.cases)
    func contract(_ check: WatchHistoryContract) async throws {
        try await check.run(on: WatchHistoryFixture(store: InMemoryKeyValueStore()))
    }
}
