import AsyncPrimitives
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("JoinableThread: blocking work on a thread of its own, named")
struct JoinableThreadTests {
    /// The body runs on another thread, under the name given (cut to the kernel's 15 bytes),
    /// while the caller goes on: the test waits for it without blocking a thread.
    @Test func theBodyRunsOnANewThreadUnderItsName() async {
        let caller = pthread_self()
        var thread: JoinableThread?
        let (name, isOtherThread) = await withCheckedContinuation { continuation in
            thread = JoinableThread(name: "cocoacasts-test-thread", stackSize: 64 << 10) {
                #if canImport(Glibc)
                    let comm = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
                    let name = comm.map { String($0.trimmingCharacters(in: .newlines)) } ?? "(unreadable)"
                #else
                    var buffer = [CChar](repeating: 0, count: 32)
                    pthread_getname_np(pthread_self(), &buffer, buffer.count)
                    let name = String(cString: buffer)
                #endif
                continuation.resume(returning: (name, pthread_equal(pthread_self(), caller) == 0))
            }
        }
        thread?.join()
        #expect(isOtherThread)
        #expect(name == "cocoacasts-test")
    }

    /// `join()` returns once the body has returned and its thread ended: what the body did
    /// last is seen, and the thread is gone from the process's task list; a second join returns at once.
    @Test func joinWaitsForTheBodyAndItsThreadToEnd() throws {
        let finished = Atomic<Bool>(false)
        let task = Mutex<Result<String, any Error>>(.success(""))
        let joinable = JoinableThread(name: "cocoacasts-join", stackSize: 64 << 10) {
            // "<pid>/task/<tid>": where the kernel lists this thread while it runs.
            let path = Result { try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") }
            task.withLock { $0 = path }
            usleep(200_000)  // the caller reaches join while the body still runs
            finished.store(true, ordering: .releasing)
        }
        joinable.join()
        let didFinish = finished.load(ordering: .acquiring)
        #expect(didFinish)
        #if os(Linux)
            let path = try task.withLock { $0 }.get()
            #expect(!path.isEmpty && !FileManager.default.fileExists(atPath: "/proc/" + path), "\(path) still runs")
        #endif
        joinable.join()
    }
}
