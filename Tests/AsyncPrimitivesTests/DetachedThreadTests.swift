import AsyncPrimitives
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("DetachedThread: blocking work on a thread of its own, named")
struct DetachedThreadTests {
    /// The body runs on another thread, under the name given (cut to the kernel's 15 bytes),
    /// while the caller goes on: the test waits for it without blocking a thread.
    @Test func theBodyRunsOnANewThreadUnderItsName() async {
        let caller = pthread_self()
        let (name, isOtherThread) = await withCheckedContinuation { continuation in
            DetachedThread.run(name: "cocoacasts-test-thread", stackSize: 64 << 10) {
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
        #expect(isOtherThread)
        #expect(name == "cocoacasts-test")
    }
}
