import Domain
import PortContracts
import Ports
import Stores
import Synchronization
import Testing

/// A slot in memory that counts its writes and can hold any string, valid or not.
final class MemorySlot: StringSlot {
    private let state: Mutex<(value: String?, writes: Int)>

    init(_ value: String? = nil) {
        state = Mutex((value, 0))
    }

    var value: String? { state.withLock { $0.value } }
    var writes: Int { state.withLock { $0.writes } }

    func read() async throws(StoreError) -> String? { value }

    func write(_ value: String?) async throws(StoreError) {
        state.withLock { $0 = (value, $0.writes + 1) }
    }
}

@Suite("SlotKeyValueStore: a key-value store in one string")
struct SlotKeyValueStoreTests {
    static let place = "the test slot"

    @Test func theValuesLiveInTheSlotAsOneJSONObject() async throws {
        let slot = MemorySlot()
        let store = SlotKeyValueStore(slot, place: Self.place)
        try await store.apply(["o#accessToken": "a", "o#refreshToken": "r"])
        #expect(slot.value == #"{"o#accessToken":"a","o#refreshToken":"r"}"#)
        #expect(slot.writes == 1)
        try await store.apply(["o#accessToken": nil, "o#refreshToken": nil])
        #expect(slot.value == nil)
    }

    @Test func aReadThatChangesNothingWritesNothing() async throws {
        let slot = MemorySlot(#"{"k":"v"}"#)
        let store = SlotKeyValueStore(slot, place: Self.place)
        let seen = try await store.withExclusiveAccess { $0["k"] }
        #expect(seen == "v" && slot.writes == 0)
    }

    @Test func aSlotThatIsNotAJSONObjectOfStringsIsCorruptAndNamesThePlace() async throws {
        let store = SlotKeyValueStore(MemorySlot(#"{"k":1}"#), place: Self.place)
        let corrupt = StoreError.corrupt(path: Self.place, detail: "it is not a JSON object of strings")
        await #expect(throws: corrupt) { try await store.allValues() }
        #expect(corrupt.description.hasPrefix("The test slot is not valid"))
    }

    @Test func settingAsideCorruptContentEmptiesTheSlotAndLeavesGoodContent() async throws {
        let corrupt = MemorySlot("not json")
        try await SlotKeyValueStore(corrupt, place: Self.place).setAsideCorruptContent()
        #expect(corrupt.value == nil)
        let good = MemorySlot(#"{"k":"v"}"#)
        try await SlotKeyValueStore(good, place: Self.place).setAsideCorruptContent()
        #expect(good.value == #"{"k":"v"}"#)
    }

    @Test(arguments: KeyValueStoreContract.cases)
    func keyValueStoreContract(_ check: KeyValueStoreContract) async throws {
        try await check.run(on: SlotKeyValueStore(MemorySlot(), place: Self.place))
    }

    @Test(arguments: TokenStoreContract.cases)
    func tokenStoreContract(_ check: TokenStoreContract) async throws {
        try await check.run(on: KeyValueTokenStore(store: SlotKeyValueStore(MemorySlot(), place: Self.place)))
    }
}
