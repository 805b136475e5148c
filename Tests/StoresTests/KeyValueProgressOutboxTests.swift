import Domain
import PortContracts
import Ports
import Stores
import Stubs
import Testing

@Suite("Progress-outbox contract: KeyValueProgressOutbox over InMemoryKeyValueStore")
struct KeyValueProgressOutboxContractTests {
    @Test(arguments: ProgressOutboxContract.cases)
    func contract(_ check: ProgressOutboxContract) async throws {
        try await check.run(on: ProgressOutboxFixture(store: InMemoryKeyValueStore()))
    }
}

@Suite("KeyValueProgressOutbox: what it asks of its store")
struct KeyValueProgressOutboxTests {
    @Test func removingAVideoWithNothingKeptTakesNoExclusiveAccess() async throws {
        let spy = SpyKeyValueStore(InMemoryKeyValueStore())
        let outbox = KeyValueProgressOutbox(store: spy, server: "https://a:443", account: "bart")
        try await outbox.remove(.sample("a", 10, at: 0))
        #expect(spy.exclusiveAccesses == 0)
    }

    /// The store's own error, unchanged, so that the message names its file; and a store that
    /// writes again takes the next position.
    @Test func aStoreThatFailsToWriteFailsTheKeepWithItsOwnError() async throws {
        let failing = FailingKeyValueStore(InMemoryKeyValueStore())
        let outbox = KeyValueProgressOutbox(store: failing, server: "https://a:443", account: "bart")
        let full = StoreError.io(path: "/home/bart/.config/cocoacasts/pending-progress.json", detail: "disk full")
        failing.failWrites(with: full)
        await #expect(throws: full) { try await outbox.keep(.sample("a", 10, at: 0)) }
        failing.failWrites(with: nil)
        try await outbox.keep(.sample("a", 20, at: 1))
        #expect(try await outbox.pending() == [.sample("a", 20, at: 1)])
    }

    @Test func everyAccountsPositionsOfOneServerAreListedWithTheirAccount() async throws {
        let store = InMemoryKeyValueStore()
        let fixture = ProgressOutboxFixture(store: store)
        try await fixture.outbox(server: "https://a:443", account: "bart").keep(.sample("v1", 10, at: 2))
        try await fixture.outbox(server: "https://a:443", account: "lisa").keep(.sample("v2", 20, at: 1))
        try await fixture.outbox(server: "https://a:443", account: "").keep(.sample("v3", 30, at: 3))
        try await fixture.outbox(server: "https://b:443", account: "bart").keep(.sample("v4", 40, at: 0))
        try await store.setValue("not a position's key", forKey: "https://a:443#accessToken")

        let kept = try await KeyValueProgressOutbox.pendingOfEveryAccount(in: store, server: "https://a:443")

        #expect(
            kept == [
                KeptPosition(account: "lisa", pending: .sample("v2", 20, at: 1)),
                KeptPosition(account: "bart", pending: .sample("v1", 10, at: 2)),
                KeptPosition(account: "", pending: .sample("v3", 30, at: 3)),
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
