import Domain
import PortContracts
import Ports
import Stores
import Stubs
import Testing

@Suite("Kept-position store contract: KeyValueKeptPositionStore over InMemoryKeyValueStore")
struct KeyValueKeptPositionStoreContractTests {
    @Test(arguments: KeptPositionStoreContract.cases)
    func contract(_ check: KeptPositionStoreContract) async throws {
        try await check.run(on: KeptPositionStoreFixture(store: InMemoryKeyValueStore()))
    }
}

@Suite("KeyValueKeptPositionStore: what it asks of its store")
struct KeyValueKeptPositionStoreTests {
    /// What an earlier release kept is moved, the later of two positions of a video winning
    /// either way; a value that does not parse stays where it was.
    @Test func foldMovesEveryPositionAndTheLaterWins() async throws {
        let (earlier, store) = (InMemoryKeyValueStore(), InMemoryKeyValueStore())
        let (before, after) = (
            KeyValueKeptPositionStore(store: earlier, server: "https://a:443", account: "bart"),
            KeyValueKeptPositionStore(store: store, server: "https://a:443", account: "bart")
        )
        try await before.keep(.sample("a", 10, at: 5))
        try await before.keep(.sample("b", 20, at: 5))
        try await before.keep(.sample("c", 30, at: 5))
        try await earlier.setValue("not JSON", forKey: before.key(forVideo: "d"))
        try await after.keep(.sample("a", 11, at: 9))
        try await after.keep(.sample("b", 21, at: 1))
        try await KeyValueKeptPositionStore.fold(earlier, into: store)
        let moved = try await after.kept().map { "\($0.progress.videoID) \($0.progress.cursor)" }
        #expect(moved.sorted() == ["a 11", "b 20", "c 30"])
        #expect(try await earlier.allValues() == [before.key(forVideo: "d"): "not JSON"])
    }

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
