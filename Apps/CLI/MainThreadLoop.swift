import CMainThread
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serves every job of Swift concurrency on the main thread, which sleeps in `poll(2)`
/// between them: no thread pool, no Dispatch manager thread, no epoll instance or timerfd —
/// until a command asks for one (libcurl's thread, the keyring's queue, a Dispatch timer).
///
/// Jobs for the main actor go to Dispatch's main queue, as always; jobs for the global
/// executor (nonisolated code, actors, child tasks) are handed to that queue too, through
/// the runtime's enqueue hook, and the loop drains it as CoreFoundation's run loop does.
/// Its own timers (``sleep(for:)``) set the poll's timeout. The CLI's work is small and its
/// waiting is I/O, so one thread costs it nothing, and a command that starts like curl
/// starts no threads at all. Off Linux, Dispatch's own main loop serves instead.
enum MainThreadLoop {
    private struct Timer {
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var isRunning = false
        var timers: [UInt64: Timer] = [:]
        var nextTimer: UInt64 = 0
    }

    private static let state = Mutex(State())

    /// Runs the loop until `task` ends, then `finish` with its value; `onReadable` is
    /// called on the main thread whenever `watching` becomes readable.
    static func run<T: Sendable>(
        until task: Task<T, Never>, watching: Int32, onReadable: () -> Void,
        then finish: @escaping @Sendable (T) -> Never
    ) -> Never {
        let queue = cmainthread_main_queue_descriptor()
        guard queue >= 0, cmainthread_forward_global_jobs(forwardToMainQueue) != 0 else {
            Task { finish(await task.value) }
            dispatchMain()
        }
        state.withLock { $0.isRunning = true }
        let outcome = Outcome<T>()
        Task {
            let value = await task.value
            outcome.value.withLock { $0 = value }
        }
        while true {
            var count: UInt64 = 0
            _ = read(queue, &count, MemoryLayout<UInt64>.size)  // an eventfd: reading resets it
            cmainthread_drain_main_queue()
            fireTimers()
            if let value = outcome.value.withLock({ $0 }) { finish(value) }
            var descriptors = [
                pollfd(fd: queue, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watching, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&descriptors, nfds_t(descriptors.count), timeout()) > 0, descriptors[1].revents != 0 {
                onReadable()
            }
        }
    }

    /// Suspends for `duration` on the loop's own timers (no Dispatch timer, so no thread);
    /// with `Task.sleep` where the loop does not run (in tests). Throws `CancellationError`
    /// when the task is cancelled meanwhile.
    static func sleep(for duration: Duration) async throws {
        guard state.withLock({ $0.isRunning }) else { return try await Task.sleep(for: duration) }
        let id = state.withLock { state in
            defer { state.nextTimer += 1 }
            return state.nextTimer
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let deadline = ContinuousClock.now + duration
                state.withLock { $0.timers[id] = Timer(deadline: deadline, continuation: continuation) }
                if Task.isCancelled { cancelTimer(id) }
                DispatchQueue.main.async {}  // wakes the loop, should this run on another thread
            }
        } onCancel: {
            cancelTimer(id)
        }
    }

    private static func cancelTimer(_ id: UInt64) {
        state.withLock { $0.timers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
    }

    private static func fireTimers() {
        let now = ContinuousClock.now
        let due = state.withLock { state in
            let due = state.timers.filter { $0.value.deadline <= now }
            for id in due.keys { state.timers[id] = nil }
            return due.values
        }
        for timer in due { timer.continuation.resume() }
    }

    /// Milliseconds until the next timer is due, rounded up; -1 (forever) with none.
    private static func timeout() -> Int32 {
        guard let next = state.withLock({ $0.timers.values.map(\.deadline).min() }) else { return -1 }
        let (seconds, attoseconds) = max(.zero, next - ContinuousClock.now).components
        return Int32(
            min(Int64(Int32.max), seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
    }
}

/// Where the awaited task's value is left for the loop.
private final class Outcome<T: Sendable>: Sendable {
    let value = Mutex<T?>(nil)
}

/// Runs global-executor jobs on the main queue, and so on the main thread.
private let forwardToMainQueue: @convention(c) (UnsafeMutableRawPointer) -> Void = { pointer in
    let job = unsafeBitCast(pointer, to: UnownedJob.self)
    DispatchQueue.main.async { job.runSynchronously(on: MainThreadExecutor.shared.asUnownedTaskExecutor()) }
}

/// The executor the forwarded jobs run on: the main thread, by way of the main queue.
private final class MainThreadExecutor: TaskExecutor {
    static let shared = MainThreadExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async { job.runSynchronously(on: MainThreadExecutor.shared.asUnownedTaskExecutor()) }
    }
}
