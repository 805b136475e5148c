import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Stubs
import Testing

@Suite("KeptPositionStore.deliverKept: kept positions go to the server, and what it took is forgotten")
struct DeliverKeptTests {
    let keptPositions = KeptPositionStoreFixture(store: InMemoryKeyValueStore()).keptPositions()

    /// The scripted service behind a spy: it answers every save with the position sent.
    static func service(gate: SpyGate? = nil) -> SpyAPIService<StubAPIService> {
        let progress = VideoProgress(videoID: "a", cursor: 0)
        let video = Video(
            duration: 60, videoURL: URL(string: "https://player.example/a.m3u8")!,
            imageURL: URL(string: "https://cdn.example/a.jpg")!)
        let content = PreviewContent(
            episodes: [], video: video, tokens: SampleTokens.first, progress: progress, updatedProgress: progress)
        return SpyAPIService(StubAPIService(content: content), gate: gate)
    }

    @Test func sendsEveryKeptPositionOldestFirstAndForgetsWhatTheServerTook() async throws {
        // Given two kept positions
        try await keptPositions.keep(.sample("b", 20, at: 5))
        try await keptPositions.keep(.sample("a", 10, at: 0))
        let service = Self.service()

        // When they are sent
        let deliveries = try await keptPositions.deliverKept(to: service)

        // Then both went, oldest first, and nothing is kept
        #expect(service.updates == [.init(videoID: "a", cursor: 10), .init(videoID: "b", cursor: 20)])
        #expect(
            deliveries == [
                KeptPositionDelivery(
                    position: .sample("a", 10, at: 0), outcome: .sent(.init(videoID: "a", cursor: 10))),
                KeptPositionDelivery(
                    position: .sample("b", 20, at: 5), outcome: .sent(.init(videoID: "b", cursor: 20))),
            ])
        #expect(try await keptPositions.kept().isEmpty)
    }

    @Test func aFailureOfOneVideoKeepsItAndTheOthersGoOn() async throws {
        try await keptPositions.keep(.sample("busy", 10, at: 0))
        try await keptPositions.keep(.sample("b", 20, at: 5))
        let unavailable = APIError.failedRequest(.status(503, reason: "Service Unavailable"))
        let service = Self.service()
        service.progressSaveFailures = ["busy": unavailable]

        let deliveries = try await keptPositions.deliverKept(to: service)

        #expect(deliveries.map(\.outcome) == [.failed(unavailable), .sent(.init(videoID: "b", cursor: 20))])
        #expect(try await keptPositions.kept() == [.sample("busy", 10, at: 0)])
    }

    /// A video the server does not have, or a position it will never accept, would be sent
    /// and refused again before every command: it is forgotten, and said so.
    @Test(arguments: [400, 404, 410, 422])
    func aPositionTheServerRefusesForGoodIsForgotten(status: Int) async throws {
        try await keptPositions.keep(.sample("gone", 10, at: 0))
        try await keptPositions.keep(.sample("b", 20, at: 5))
        let refusal = APIError.failedRequest(.status(status, reason: "Refused"))
        let service = Self.service()
        service.progressSaveFailures = ["gone": refusal]

        let deliveries = try await keptPositions.deliverKept(to: service)

        #expect(deliveries.map(\.outcome) == [.refused(refusal), .sent(.init(videoID: "b", cursor: 20))])
        #expect(try await keptPositions.kept().isEmpty)
    }

    @Test(arguments: [APIError.unreachable(.timedOut(seconds: 30)), .unauthorized(.notSignedIn), .cancelled])
    func aFailureThatHoldsForEveryPositionSendsNoMore(error: APIError) async throws {
        try await keptPositions.keep(.sample("a", 10, at: 0))
        try await keptPositions.keep(.sample("b", 20, at: 5))
        let service = Self.service()
        service.progressSaveFailures = ["a": error]

        let deliveries = try await keptPositions.deliverKept(to: service)

        #expect(service.updates == [.init(videoID: "a", cursor: 10)])
        #expect(deliveries.map(\.outcome) == [.failed(error), .notSent])
        #expect(try await keptPositions.kept() == [.sample("a", 10, at: 0), .sample("b", 20, at: 5)])
    }

    @Test func aPositionKeptWhileItsOlderOneWasSentStays() async throws {
        // Given a kept position, and a newer one kept while the older is on its way
        try await keptPositions.keep(.sample("a", 10, at: 0))
        let gate = SpyGate()
        let service = Self.service(gate: gate)
        gate.holdNext()
        let delivering = Task { [keptPositions] in try await keptPositions.deliverKept(to: service) }
        try await gate.waitUntilCalled()
        try await keptPositions.keep(.sample("a", 30, at: 9))
        gate.releaseAll()

        let deliveries = try await delivering.value

        // Then the older one went, and the newer one is still kept for the next send
        #expect(deliveries.map(\.outcome) == [.sent(.init(videoID: "a", cursor: 10))])
        #expect(try await keptPositions.kept() == [.sample("a", 30, at: 9)])
    }

    @Test func aKeptPositionStoreThatCannotForgetSaysSoAndKeepsThePosition() async throws {
        let failing = FailingKeyValueStore(InMemoryKeyValueStore())
        let keptPositions = KeptPositionStoreFixture(store: failing).keptPositions()
        try await keptPositions.keep(.sample("a", 10, at: 0))
        let readOnly = StoreError.io(path: "/home/bart/.config/cocoacasts/kept-positions.json", detail: "read-only")
        failing.failWrites(with: readOnly)

        let deliveries = try await keptPositions.deliverKept(to: Self.service())

        #expect(deliveries.map(\.outcome) == [.sentButKept(.init(videoID: "a", cursor: 10), readOnly)])
        #expect(try await keptPositions.kept() == [.sample("a", 10, at: 0)])
    }

    @Test func aKeptPositionStoreThatCannotBeReadSendsNothing() async throws {
        let store = FailingKeyValueStore(InMemoryKeyValueStore())
        let keptPositions = KeptPositionStoreFixture(store: store).keptPositions()
        try await keptPositions.keep(.sample("a", 10, at: 0))
        let unreadable = StoreError.io(path: "/tmp/kept-positions.json", detail: "Permission denied")
        store.failReads(with: unreadable)
        let service = Self.service()

        await #expect(throws: unreadable) { try await keptPositions.deliverKept(to: service) }
        #expect(service.updates.isEmpty)
    }

    /// One kept value that does not parse costs no other video its position: it is passed
    /// over, told, and left for the video's next position to replace.
    @Test func aKeptValueThatDoesNotParseHoldsBackNoOther() async throws {
        let store = InMemoryKeyValueStore()
        let told = CallRecorder<StoreError>()
        let keptPositions = KeptPositionStoreFixture(store: store).keptPositions { told.record($0) }
        try await store.setValue("not JSON", forKey: keptPositions.key(forVideo: "bad"))
        try await keptPositions.keep(.sample("a", 10, at: 0))
        let service = Self.service()

        let deliveries = try await keptPositions.deliverKept(to: service)

        #expect(deliveries.map(\.outcome) == [.sent(.init(videoID: "a", cursor: 10))])
        #expect(told.calls.count == 1)
        #expect(try await store.value(forKey: keptPositions.key(forVideo: "bad")) == "not JSON")
    }
}

extension SpyAPIService {
    /// Every progress update asked for, oldest first.
    var updates: [VideoProgress] {
        calls.compactMap {
            if case .updateProgressForVideo(let id, let cursor) = $0 {
                VideoProgress(videoID: id, cursor: cursor)
            } else {
                nil
            }
        }
    }
}
