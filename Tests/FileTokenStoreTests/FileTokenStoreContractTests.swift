import FileTokenStore
import Foundation
import PortContracts
import Ports
import Stores
import Testing

@Suite("Token-store contract: FileTokenStore")
struct FileTokenStoreContractTests {
    @Test(arguments: TokenStoreContract.cases)
    func contract(_ check: TokenStoreContract) async throws {
        try await TemporaryDirectory.with { directory in
            try await check.run(on: StoreFixture.store(in: directory))
        }
    }
}

@Suite("Key-value store contract: FileKeyValueStore")
struct FileKeyValueStoreContractTests {
    @Test(arguments: KeyValueStoreContract.cases)
    func contract(_ check: KeyValueStoreContract) async throws {
        try await TemporaryDirectory.with { directory in
            try await check.run(on: FileKeyValueStore(fileURL: StoreFixture.credentials(in: directory)))
        }
    }
}

@Suite("Kept-position store contract: KeyValueKeptPositionStore over FileKeyValueStore")
struct FileKeptPositionStoreContractTests {
    @Test(arguments: KeptPositionStoreContract.cases)
    func contract(_ check: KeptPositionStoreContract) async throws {
        try await TemporaryDirectory.with { directory in
            let file = FileKeyValueStore(fileURL: directory.file("config/cocoacasts/kept-positions.json"))
            try await check.run(on: KeptPositionStoreFixture(store: file))
        }
    }

    @Test func keptPositionsAreInAPrivateFile() async throws {
        try await TemporaryDirectory.with { directory in
            let url = directory.file("config/cocoacasts/kept-positions.json")
            let keptPositions = KeptPositionStoreFixture(store: FileKeyValueStore(fileURL: url)).keptPositions()
            try await keptPositions.keep(.sample("a", 10, at: 0))
            #expect(try TemporaryDirectory.mode(of: url) == "600")
            #expect(try TemporaryDirectory.mode(of: url.deletingLastPathComponent()) == "700")
            #expect(
                try await KeptPositionStoreFixture(store: FileKeyValueStore(fileURL: url)).keptPositions().kept() == [
                    .sample("a", 10, at: 0)
                ])
        }
    }
}

@Suite("Watch-history contract: KeyValueWatchHistory over FileKeyValueStore")
struct FileWatchHistoryContractTests {
    @Test(arguments: WatchHistoryContract.cases)
    func contract(_ check: WatchHistoryContract) async throws {
        try await TemporaryDirectory.with { directory in
            let file = FileKeyValueStore(fileURL: directory.file("config/cocoacasts/watch-history.json"))
            try await check.run(on: WatchHistoryFixture(store: file))
        }
    }

    /// Private, and bounded: three times the bound of long ids keeps the bound's size.
    @Test func theHistoryIsAPrivateFileOfBoundedSize() async throws {
        try await TemporaryDirectory.with { directory in
            let url = directory.file("config/cocoacasts/watch-history.json")
            let history = WatchHistoryFixture(store: FileKeyValueStore(fileURL: url)).history()
            let start = TestClock().now
            for index in 0..<(KeyValueWatchHistory.maximumWatched * 3) {
                try await history.recordWatched(videoID: "\(900_000_000 + index)", at: start + Double(index))
            }
            #expect(try TemporaryDirectory.mode(of: url) == "600")
            #expect(try TemporaryDirectory.mode(of: url.deletingLastPathComponent()) == "700")
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? .max
            // A record is some 40 bytes: three times the bound unbounded would be 24 KB.
            #expect(size < KeyValueWatchHistory.maximumWatched * 60)
        }
    }
}
