import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Stubs
import Testing

/// A kept position never goes back in time: it is sent only while the server holds the
/// position it follows, and forgotten once another device moved it.
@Suite("KeptPositionStore.deliverKept: never over a newer position")
struct DeliverKeptBaseTests {
    let keptPositions = KeptPositionStoreFixture(store: InMemoryKeyValueStore()).keptPositions()

    /// A position that follows the server's 0:10: sent while the server still holds 0:10, not
    /// sent (and forgotten) once another device moved it.
    static func following(_ cursor: Int, base: Int) -> KeptPosition {
        KeptPosition(
            progress: VideoProgress(videoID: "a", cursor: cursor), recordedAt: TestClock().now + 60,
            basedOn: SeenPosition(cursor: base, seenAt: TestClock().now))
    }

    @Test func aKeptPositionIsSentOnlyWhileTheServerHoldsTheOneItFollows() async throws {
        let service = DeliverKeptTests.service()
        service.cursors = ["a": 10]
        try await keptPositions.keep(Self.following(17, base: 10))
        #expect(
            try await keptPositions.deliverKept(to: service).map(\.outcome) == [.sent(.init(videoID: "a", cursor: 17))])

        service.cursors = ["a": 180]  // another device saved 3:00
        try await keptPositions.keep(Self.following(20, base: 10))
        let deliveries = try await keptPositions.deliverKept(to: service)
        #expect(deliveries.map(\.outcome) == [.superseded(.init(videoID: "a", cursor: 180))])
        #expect(service.updates == [.init(videoID: "a", cursor: 17)], "0:20 was never sent over 3:00")
        #expect(try await keptPositions.kept().isEmpty, "said once: it is forgotten")
    }

    /// The server holds the kept position already (a process sent it and stopped before it
    /// could forget it): it is forgotten as sent, not said to be another device's.
    @Test func aKeptPositionTheServerHoldsAlreadyIsForgottenAsSent() async throws {
        let service = DeliverKeptTests.service()
        service.cursors = ["a": 17]
        try await keptPositions.keep(Self.following(17, base: 10))
        #expect(
            try await keptPositions.deliverKept(to: service).map(\.outcome) == [.sent(.init(videoID: "a", cursor: 17))])
        #expect(service.updates.isEmpty)
        #expect(try await keptPositions.kept().isEmpty)
    }

    /// The server no longer has the video: asked for its position, it refuses for good, and the
    /// kept one is forgotten rather than tried before every command.
    @Test func aKeptPositionOfAVideoTheServerNoLongerHasIsForgotten() async throws {
        let service = DeliverKeptTests.service()
        let gone = APIError.failedRequest(.status(404, reason: "Not Found"))
        service.progressFailures = ["a": gone]
        try await keptPositions.keep(Self.following(17, base: 10))
        #expect(try await keptPositions.deliverKept(to: service).map(\.outcome) == [.refused(gone)])
        #expect(try await keptPositions.kept().isEmpty)
    }
}
