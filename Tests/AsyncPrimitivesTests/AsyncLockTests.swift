import AsyncPrimitives
import PortContracts
import TestSupport
import Testing

@Suite("AsyncLock")
struct AsyncLockTests {
    struct Failure: Error, Equatable {}

    @Test func holdersNeverOverlapEvenWhenTheySuspend() async {
        let lock = AsyncLock()
        let occupancy = Occupancy()
        let entries = CallRecorder<Int>()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    await lock.withLock {
                        occupancy.enter()
                        await Task.yield()
                        entries.record(index)
                        occupancy.leave()
                    }
                }
            }
        }
        #expect(occupancy.most == 1)
        #expect(entries.count == 100)
    }

    @Test func errorsPassThroughAndReleaseTheLock() async throws {
        let lock = AsyncLock()
        await #expect(throws: Failure()) {
            try await lock.withLock { () throws(Failure) in throw Failure() }
        }
        #expect(await lock.withLock { 42 } == 42)
    }
}
