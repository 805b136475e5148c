import Domain
import Foundation
import Ports
import Stores
import Testing

/// The behaviour of ``Stores/KeyValueKeptPositionStore`` over every ``KeyValueStore`` (memory,
/// the kept-positions file); each case starts from an empty store.
public typealias KeptPositionStoreContract = Contract<KeptPositionStoreFixture>

/// What a ``KeptPositionStoreContract`` case runs on: an empty key-value store, over which it
/// builds the kept-position stores of several servers and accounts, and which it can fill by hand.
public struct KeptPositionStoreFixture: Sendable {
    /// The store under the kept-position stores.
    public let store: any KeyValueStore

    /// A fixture over `store`, which must be empty.
    public init(store: any KeyValueStore) {
        self.store = store
    }

    /// The kept-position store of `account` on `server` over the store; `unreadable` hears of each kept
    /// value that does not parse.
    public func keptPositions(
        server: String = "http://127.0.0.1:8080", account: String = "demo@cocoacasts.com",
        unreadable: @escaping @Sendable (StoreError) -> Void = { _ in }
    ) -> KeyValueKeptPositionStore {
        KeyValueKeptPositionStore(store: store, server: server, account: account, unreadable: unreadable)
    }
}

extension KeptPosition {
    /// A position for tests: `video`'s `cursor`, recorded `seconds` after ``TestClock``'s start.
    public static func sample(_ video: String, _ cursor: Int, at seconds: TimeInterval) -> KeptPosition {
        KeptPosition(
            progress: VideoProgress(videoID: video, cursor: cursor), recordedAt: TestClock().now + seconds)
    }
}

extension Contract where Subject == KeptPositionStoreFixture {
    /// Every case of the contract.
    public static var cases: [KeptPositionStoreContract] { keepingCases + storageCases }

    static var keepingCases: [KeptPositionStoreContract] {
        [
            KeptPositionStoreContract("an empty keptPositions keeps nothing") { fixture async throws in
                #expect(try await fixture.keptPositions().kept().isEmpty)
            },
            KeptPositionStoreContract("kept positions read back, oldest first") { fixture async throws in
                let keptPositions = fixture.keptPositions()
                try await keptPositions.keep(.sample("b", 20, at: 10))
                try await keptPositions.keep(.sample("a", 10, at: 0))
                try await keptPositions.keep(.sample("c", 30, at: 10))
                #expect(
                    try await keptPositions.kept() == [
                        .sample("a", 10, at: 0), .sample("b", 20, at: 10), .sample("c", 30, at: 10),
                    ])
            },
            KeptPositionStoreContract("of two positions of a video the later in time wins, in any order") {
                fixture async throws in
                let keptPositions = fixture.keptPositions()
                try await keptPositions.keep(.sample("a", 50, at: 5))
                try await keptPositions.keep(.sample("a", 90, at: 1))
                #expect(try await keptPositions.kept() == [.sample("a", 50, at: 5)])
                try await keptPositions.keep(.sample("a", 5, at: 9))
                #expect(try await keptPositions.kept() == [.sample("a", 5, at: 9)])
            },
            KeptPositionStoreContract("remove forgets what was sent, never a position kept since") {
                fixture async throws in
                let keptPositions = fixture.keptPositions()
                try await keptPositions.keep(.sample("a", 10, at: 0))
                let sent = try #require(try await keptPositions.kept().first)
                try await keptPositions.keep(.sample("a", 20, at: 5))
                try await keptPositions.remove(sent)
                #expect(try await keptPositions.kept() == [.sample("a", 20, at: 5)])
                try await keptPositions.remove(.sample("a", 99, at: 5))  // the same moment, another position
                #expect(try await keptPositions.kept() == [.sample("a", 20, at: 5)])
                try await keptPositions.remove(.sample("a", 20, at: 5))
                #expect(try await keptPositions.kept().isEmpty)
            },
            KeptPositionStoreContract("a position the server took later makes older ones obsolete") {
                fixture async throws in
                let keptPositions = fixture.keptPositions()
                try await keptPositions.keep(.sample("a", 10, at: 0))
                try await keptPositions.keep(.sample("b", 10, at: 0))
                try await keptPositions.remove(.sample("a", 40, at: 30))
                try await keptPositions.remove(.sample("c", 40, at: 30))  // nothing kept of c
                #expect(try await keptPositions.kept() == [.sample("b", 10, at: 0)])
            },
            KeptPositionStoreContract("concurrent keeps of a video leave the latest in time") { fixture async throws in
                let keptPositions = fixture.keptPositions()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for second in [3, 7, 1, 6, 0, 4, 2, 5] {
                        group.addTask { try await keptPositions.keep(.sample("a", second * 10, at: Double(second))) }
                    }
                    try await group.waitForAll()
                }
                #expect(try await keptPositions.kept() == [.sample("a", 70, at: 7)])
            },
        ]
    }
}
