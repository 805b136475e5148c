import Domain
import Foundation
import PortContracts
import Testing

@testable import Presentation

/// The one place a view-model's requests are ordered: only the newest writes, a cancel drops
/// the answer even from a service that ignores cancellation, and a cancelled caller sees
/// `cancelled` even when the answer came.
@MainActor
@Suite("LatestRequest: only the newest request writes")
struct LatestRequestTests {
    /// A request held at its gate until released; it answers `value`, cancelled or not when
    /// `ignoresCancellation`.
    static func held(_ gate: SpyGate, value: Int, ignoresCancellation: Bool)
        -> @Sendable () async throws(APIError) -> Int
    {
        {
            () async throws(APIError) -> Int in
            await gate.hook(ignoresCancellation)
            if !ignoresCancellation, Task.isCancelled { throw .cancelled }
            return value
        }
    }

    @Test(arguments: [false, true])
    func aCancelDropsTheAnswer(ignoresCancellation: Bool) async throws {
        let (request, gate) = (LatestRequest(), SpyGate(timeout: .seconds(60)))
        gate.holdNext()
        let running = Task { await request.run(Self.held(gate, value: 1, ignoresCancellation: ignoresCancellation)) }
        try await gate.waitUntilCalled()
        #expect(request.cancel(), "one was in flight")
        gate.releaseAll()
        #expect(await running.value == nil, "whoever cancelled owns the state")
        #expect(!request.cancel(), "nothing is in flight any more")
    }

    @Test(arguments: [false, true])
    func aNewerRequestSupersedesTheOneInFlight(ignoresCancellation: Bool) async throws {
        let (request, gate) = (LatestRequest(), SpyGate(timeout: .seconds(60)))
        gate.holdNext()
        let first = Task { await request.run(Self.held(gate, value: 1, ignoresCancellation: ignoresCancellation)) }
        try await gate.waitUntilCalled()
        let second = await request.run { () async throws(APIError) -> Int in 2 }
        gate.releaseAll()
        #expect(await first.value == nil)
        #expect(second.flatMap { try? $0.get() } == 2)
    }

    @Test func aCancelledCallerSeesCancelledEvenWhenTheAnswerCame() async throws {
        let (request, gate) = (LatestRequest(), SpyGate(timeout: .seconds(60)))
        gate.holdNext()
        let caller = Task { await request.run(Self.held(gate, value: 1, ignoresCancellation: true)) }
        try await gate.waitUntilCalled()
        caller.cancel()
        gate.releaseAll()
        guard case .failure(let error)? = await caller.value else {
            Issue.record("the answer showed")
            return
        }
        #expect(error.kind == .cancelled)
    }
}
