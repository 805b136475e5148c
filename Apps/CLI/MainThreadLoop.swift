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
/// Jobs for the global executor (nonisolated code, actors, child tasks) come here through
/// the runtime's enqueue hook and run in the order they came; jobs for the main actor go
/// to Dispatch's main queue, as always, which the loop drains as CoreFoundation's run loop
/// does, when its descriptor (an eventfd) says it has some. The loop sleeps only with
/// nothing to run, until the main queue's descriptor, a job from another thread (which
/// writes to that descriptor too), a timer of its own (``sleep(for:)``) or `watching` wakes
/// it: a hop between tasks on this thread costs no system call. The CLI's work is small and
/// its waiting is I/O, so one thread costs it nothing, and a command that starts like curl
/// starts no threads at all. Off Linux, Dispatch's own main loop serves instead.
enum MainThreadLoop {
    struct State {
        var isRunning = false
        /// Whether the loop is in `poll`, so that a job enqueued now must wake it.
        var isSleeping = false
        var jobs: [UnownedJob] = []
        var timers: [UInt64: Timer] = [:]
        var nextTimer: UInt64 = 0
    }

    static let state = Mutex(State())
    // Written once, before the hook that reads it on other threads is installed.
    /// The main queue's eventfd, which also wakes the loop for its own jobs and timers.
    nonisolated(unsafe) private(set) static var wakeDescriptor: Int32 = -1

    /// Runs the loop until `task` ends, then `finish` with its value; `onReadable` is
    /// called on the main thread whenever `watching` becomes readable.
    static func run<T: Sendable>(
        until task: Task<T, Never>, watching: Int32, onReadable: @escaping @Sendable () -> Void,
        then finish: @escaping @Sendable (T) -> Never
    ) -> Never {
        let queue = cmainthread_main_queue_descriptor()
        guard queue >= 0 else {
            let source = DispatchSource.makeReadSource(fileDescriptor: watching, queue: .main)
            source.setEventHandler(handler: onReadable)
            source.resume()
            Task {
                let value = await task.value
                source.cancel()
                finish(value)
            }
            dispatchMain()
        }
        wakeDescriptor = queue
        state.withLock { $0.isRunning = true }
        _ = cmainthread_forward_global_jobs(enqueueOnMainThread)
        let outcome = Outcome<T>()
        Task {
            let value = await task.value
            outcome.value.withLock { $0 = value }
        }
        while true {
            var isBusy = true
            while isBusy {
                isBusy = runJobs()
                isBusy = drainMainQueue(queue) || isBusy
                isBusy = fireTimers() || isBusy
            }
            if let value = outcome.value.withLock({ $0 }) { finish(value) }
            let milliseconds = state.withLock { state -> Int32? in
                guard state.jobs.isEmpty else { return nil }
                state.isSleeping = true
                return timeout(state)
            }
            guard let milliseconds else { continue }
            var descriptors = [
                pollfd(fd: queue, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watching, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            state.withLock { $0.isSleeping = false }
            if ready > 0, descriptors[1].revents != 0 { onReadable() }
        }
    }

    /// Runs the jobs enqueued so far; whether there were any.
    private static func runJobs() -> Bool {
        let jobs = state.withLock { state in
            defer { state.jobs.removeAll(keepingCapacity: true) }
            return state.jobs
        }
        let executor = MainThreadExecutor.shared.asUnownedTaskExecutor()
        for job in jobs { job.runSynchronously(on: executor) }
        return !jobs.isEmpty
    }

    /// Drains Dispatch's main queue when its eventfd says it has work; whether it had.
    private static func drainMainQueue(_ queue: Int32) -> Bool {
        var count: UInt64 = 0
        guard read(queue, &count, MemoryLayout<UInt64>.size) > 0 else { return false }  // EAGAIN: none
        cmainthread_drain_main_queue()
        return true
    }

    /// Queues `job` for the loop, waking it when it sleeps (the job came from another thread).
    static func enqueue(_ job: UnownedJob) {
        let mustWake = state.withLock { state in
            state.jobs.append(job)
            defer { state.isSleeping = false }
            return state.isSleeping
        }
        if mustWake { wake() }
    }

    /// Makes the loop's `poll` return.
    static func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }
}

/// Where the awaited task's value is left for the loop.
private final class Outcome<T: Sendable>: Sendable {
    let value = Mutex<T?>(nil)
}

/// The runtime's global-executor jobs, handed to the loop.
private let enqueueOnMainThread: @convention(c) (UnsafeMutableRawPointer) -> Void = { pointer in
    MainThreadLoop.enqueue(unsafeBitCast(pointer, to: UnownedJob.self))
}

/// The executor the loop's jobs run on: the main thread.
private final class MainThreadExecutor: TaskExecutor {
    static let shared = MainThreadExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        MainThreadLoop.enqueue(UnownedJob(job))
    }
}
