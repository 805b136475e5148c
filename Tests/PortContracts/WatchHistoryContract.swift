import Domain
import Foundation
import Ports
import Stores
import Testing

/// The behaviour of ``Stores/KeyValueWatchHistory`` over every ``KeyValueStore`` (memory,
/// the watch-history file); each case starts from an empty store.
public typealias WatchHistoryContract = Contract<WatchHistoryFixture>

/// What a ``WatchHistoryContract`` case runs on: an empty key-value store, over which it
/// builds the histories of several servers and accounts, and which it can fill by hand.
public struct WatchHistoryFixture: Sendable {
    /// The store under the histories.
    public let store: any KeyValueStore

    /// A fixture over `store`, which must be empty.
    public init(store: any KeyValueStore) {
        self.store = store
    }

    /// The history of `account` on `server` over the store.
    public func history(server: String = "http://127.0.0.1:8080", account: String = "demo@cocoacasts.com")
        -> KeyValueWatchHistory
    {
        KeyValueWatchHistory(store: store, server: server, account: account)
    }
}

extension Contract where Subject == WatchHistoryFixture {
    /// Every case of the contract.
    public static var cases: [WatchHistoryContract] {
        let start = TestClock().now
        return [
            WatchHistoryContract("an empty history has watched nothing and remembers no position") {
                fixture async throws in
                #expect(try await fixture.history().watched().isEmpty)
                #expect(try await fixture.history().rememberedPositions() == nil)
            },
            WatchHistoryContract("videos read back the most recent first, each once") { fixture async throws in
                let history = fixture.history()
                try await history.recordWatched(videoID: "a", at: start)
                try await history.recordWatched(videoID: "b", at: start + 10)
                try await history.recordWatched(videoID: "a", at: start + 20)
                #expect(
                    try await history.watched() == [
                        WatchedVideo(videoID: "a", watchedAt: start + 20),
                        WatchedVideo(videoID: "b", watchedAt: start + 10),
                    ])
            },
            WatchHistoryContract("a record from a clock behind does not jump the queue") { fixture async throws in
                let history = fixture.history()
                try await history.recordWatched(videoID: "a", at: start + 20)
                try await history.recordWatched(videoID: "b", at: start)
                #expect(try await history.watched().map(\.videoID) == ["a", "b"])
            },
            WatchHistoryContract("the history keeps the most recent videos within its bound") { fixture async throws in
                let history = fixture.history()
                let bound = KeyValueWatchHistory.maximumWatched
                for index in 0..<(bound + 5) {
                    try await history.recordWatched(videoID: "v\(index)", at: start + Double(index))
                }
                let watched = try await history.watched()
                #expect(watched.count == bound)
                #expect(watched.first?.videoID == "v\(bound + 4)")
                #expect(watched.last?.videoID == "v5")
            },
            WatchHistoryContract("remembered positions replace those before, and 0:00 is not kept") {
                fixture async throws in
                let history = fixture.history()
                try await history.remember(RememberedPositions(cursors: ["a": 10, "b": 20], checkedAt: start))
                try await history.remember(RememberedPositions(cursors: ["b": 30, "c": 0], checkedAt: start + 5))
                #expect(
                    try await history.rememberedPositions()
                        == RememberedPositions(cursors: ["b": 30], checkedAt: start + 5))
            },
            WatchHistoryContract("the positions remembered are bounded too") { fixture async throws in
                let history = fixture.history()
                let bound = KeyValueWatchHistory.maximumPositions
                let cursors = Dictionary(uniqueKeysWithValues: (0..<(bound + 5)).map { ("v\($0)", 60) })
                try await history.remember(RememberedPositions(cursors: cursors, checkedAt: start))
                #expect(try await history.rememberedPositions()?.cursors.count == bound)
            },
            WatchHistoryContract("recording and remembering keep each other") { fixture async throws in
                let history = fixture.history()
                try await history.recordWatched(videoID: "a", at: start)
                try await history.remember(RememberedPositions(cursors: ["a": 10], checkedAt: start + 1))
                try await history.recordWatched(videoID: "b", at: start + 2)
                #expect(try await history.watched().map(\.videoID) == ["b", "a"])
                #expect(try await history.rememberedPositions()?.cursors == ["a": 10])
            },
            WatchHistoryContract("each server and account has its own history") { fixture async throws in
                try await fixture.history().recordWatched(videoID: "a", at: start)
                try await fixture.history(account: "other@example.com").recordWatched(videoID: "b", at: start)
                try await fixture.history(server: "https://api.example.com:443").recordWatched(videoID: "c", at: start)
                #expect(try await fixture.history().watched().map(\.videoID) == ["a"])
                #expect(try await fixture.history(account: "other@example.com").watched().map(\.videoID) == ["b"])
                #expect(
                    try await fixture.history(server: "https://api.example.com:443").watched().map(\.videoID) == ["c"])
            },
            WatchHistoryContract("records made at once, by histories of their own over one store, all count") {
                fixture async throws in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<20 {
                        group.addTask {
                            try await fixture.history().recordWatched(videoID: "v\(index)", at: start + Double(index))
                        }
                    }
                    try await group.waitForAll()
                }
                #expect(try await fixture.history().watched().map(\.videoID) == (0..<20).reversed().map { "v\($0)" })
            },
            WatchHistoryContract(
                "a history that does not parse is an error naming its key, replaced by the next record"
            ) {
                fixture async throws in
                let history = fixture.history()
                try await fixture.store.setValue("{\"watched\": 3}", forKey: history.key)
                await #expect(throws: StoreError.self) { try await history.watched() }
                let error = await #expect(throws: StoreError.self) { try await history.rememberedPositions() }
                guard case .corrupt(let path, _)? = error else {
                    throw error ?? StoreError.corrupt(path: "", detail: "")
                }
                #expect(path == history.key)
                try await history.recordWatched(videoID: "a", at: start)
                #expect(try await history.watched().map(\.videoID) == ["a"])
            },
            WatchHistoryContract("a position seen later replaces the video's, and an earlier one does not") {
                fixture async throws in
                let history = fixture.history()
                #expect(try await history.serverPosition(of: "a") == nil)
                try await history.remember(SeenPosition(cursor: 40, seenAt: start + 10), of: "a", savedHere: false)
                try await history.remember(SeenPosition(cursor: 90, seenAt: start + 20), of: "a", savedHere: true)
                try await history.remember(SeenPosition(cursor: 5, seenAt: start + 15), of: "a", savedHere: false)
                #expect(
                    try await history.serverPosition(of: "a")
                        == RememberedPosition(position: SeenPosition(cursor: 90, seenAt: start + 20), savedHere: true))
                #expect(try await history.rememberedPositions()?.cursors == ["a": 90])
            },
            WatchHistoryContract("a list of positions is the server's at its time; a video it does not hold is unknown")
            {
                fixture async throws in
                let history = fixture.history()
                try await history.remember(SeenPosition(cursor: 40, seenAt: start + 10), of: "a", savedHere: true)
                try await history.remember(SeenPosition(cursor: 70, seenAt: start + 10), of: "b", savedHere: true)
                try await history.remember(RememberedPositions(cursors: ["a": 40, "c": 12], checkedAt: start + 30))
                #expect(
                    try await history.serverPosition(of: "a")
                        == RememberedPosition(position: SeenPosition(cursor: 40, seenAt: start + 10), savedHere: true),
                    "the list holds that very position: it keeps its time and maker")
                #expect(try await history.serverPosition(of: "b") == nil, "the list says b is not started")
                #expect(try await history.serverPosition(of: "c")?.position.cursor == 12)
                #expect(try await history.serverPosition(of: "z") == nil)
            },
        ]
    }
}
