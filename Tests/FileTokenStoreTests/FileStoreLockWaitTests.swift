import Domain
import FileTokenStore
import Foundation
import PortContracts
import Ports
import Stores
import TestSupport
import Testing

/// Waiting for a lock another process holds suspends the waiting tasks; it never blocks a
/// thread of the concurrency runtime, so the rest of the process keeps running meanwhile.
/// Measured in a worker process of its own, where no other test competes for the threads.
@Suite("A held lock is waited for without blocking a thread")
struct FileStoreLockWaitTests {
    @Test func theRestOfTheProcessKeepsRunningWhileWritersWait() async throws {
        try await TemporaryDirectory.with { directory in
            let file = StoreFixture.credentials(in: directory)
            try await StoreFixture.store(in: directory).setTokens(SampleTokens.first)
            let lock = try await ProcessLock.hold(file.path + ".lock")
            // More writers than the runtime has threads: blocked, they would stop everything.
            let run = try await ChildProcess.run(
                FileStoreMultiProcessTests.worker,
                ["wait-for-lock", file.path, "http://127.0.0.1:8080", "4"], timeout: .seconds(60))
            await lock.release()
            let words = run.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .newlines) }
            let ticks = words.count == 4 ? Int(words[1]) ?? 0 : 0
            #expect(words.count == 4 && words[3] == "4", "\(run.stdout)\(run.stderr)")  // all four gave up on the lock
            // Four waits of half a second: about 200 ticks of 10 ms when no thread is
            // blocked, none when two blocked waits at a time hold both threads.
            #expect(ticks > 50, "the ticker ticked \(ticks) times in two seconds")
            #expect(try await StoreFixture.store(in: directory).tokens() == SampleTokens.first)
        }
    }
}
