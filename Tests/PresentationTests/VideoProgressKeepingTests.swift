import Domain
import Foundation
import PortContracts
import Ports
import Presentation
import Stores
import Stubs
import Testing

/// A position `saveProgress` could not save is kept in the kept-position store, as a watch keeps it.
@MainActor
@Suite("VideoProgressViewModel: a save the server cannot take is kept")
struct VideoProgressKeepingTests {
    nonisolated static let videoID = "417515716"
    nonisolated static let unreachable = APIError.unreachable(
        .cannotConnect(host: "127.0.0.1", port: 8080, detail: "Couldn't connect to server"))

    let spy: SpyAPIService<StubAPIService>
    let store = FailingKeyValueStore(InMemoryKeyValueStore())
    let keptPositions: KeyValueKeptPositionStore
    let viewModel: VideoProgressViewModel

    init() {
        spy = Samples.scriptedService().0
        keptPositions = KeptPositionStoreFixture(store: store).keptPositions()
        viewModel = VideoProgressViewModel(
            videoID: Self.videoID, apiService: spy, keptPositions: keptPositions, now: { TestClock().now })
    }

    @Test(arguments: [
        unreachable, .failedRequest(.status(503, reason: "Service Unavailable")), .unauthorized(.sessionEnded),
    ])
    func aFailedSaveIsKept(failure: APIError) async throws {
        spy.updateProgressResult = .failure(failure)
        await viewModel.saveProgress(cursor: 90)
        let pending = KeptPosition(
            progress: VideoProgress(videoID: Self.videoID, cursor: 90), recordedAt: TestClock().now)
        #expect(viewModel.unsaved == .kept(pending))
        #expect(try await keptPositions.kept() == [pending])
    }

    @Test func nobodySignedInKeepsNothing() async throws {
        spy.updateProgressResult = .failure(.unauthorized(.notSignedIn))
        await viewModel.saveProgress(cursor: 90)
        #expect(viewModel.unsaved == nil)
        #expect(try await keptPositions.kept().isEmpty)
    }

    @Test func aKeptPositionStoreThatCannotBeWrittenSaysTheSaveIsLost() async {
        spy.updateProgressResult = .failure(Self.unreachable)
        store.failWrites(with: Samples.ioFailure)
        await viewModel.saveProgress(cursor: 90)
        #expect(viewModel.unsaved == .lost(90, Samples.ioFailure))
    }

    @Test func aSaveThatGoesThroughOrAnotherRequestKeepsNothing() async throws {
        spy.updateProgressResult = .failure(Self.unreachable)
        await viewModel.saveProgress(cursor: 90)
        await viewModel.fetchProgress()
        #expect(viewModel.unsaved == nil)
        spy.updateProgressResult = nil
        await viewModel.saveProgress(cursor: 95)
        #expect(viewModel.unsaved == nil)
        #expect(viewModel.state == .loaded(VideoProgress(videoID: Self.videoID, cursor: 95)))
    }

    /// A save the server refuses for good would be refused again: kept, it would only be dropped later.
    @Test(arguments: [400, 404, 410, 422])
    func aSaveRefusedForGoodIsNotKept(status: Int) async throws {
        spy.updateProgressResult = .failure(.failedRequest(.status(status, reason: nil)))
        await viewModel.saveProgress(cursor: 90)
        #expect(viewModel.unsaved == nil)
        #expect(try await keptPositions.kept().isEmpty)
    }

    /// A save superseded by a newer request keeps nothing, though the newer one fails.
    @Test func aSaveSupersededByAFailingFetchKeepsNothing() async throws {
        let (spy, gate) = Samples.scriptedService()
        let viewModel = VideoProgressViewModel(videoID: Self.videoID, apiService: spy, keptPositions: keptPositions)
        spy.updateProgressResult = .failure(Self.unreachable)
        spy.progressResult = .failure(Self.unreachable)
        gate.holdNext()
        let save = Task { await viewModel.saveProgress(cursor: 90) }
        try await gate.waitUntilCalled()
        await viewModel.fetchProgress()
        gate.releaseAll()
        await save.value
        #expect(viewModel.unsaved == nil)
        #expect(try await keptPositions.kept().isEmpty)
    }
}
