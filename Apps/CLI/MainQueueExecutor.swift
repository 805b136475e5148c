import Dispatch

/// Runs every job given to it on Dispatch's main queue: the executor the command's task
/// prefers (`withTaskExecutorPreference`), so that its nonisolated async code — the API
/// client, the stores — runs on the main thread beside its main-actor code instead of on the
/// default executor's pool.
///
/// The CLI's work is small and its waiting is I/O, so one thread serves it, as it did when
/// the CLI drove its own loop; each hop between the main actor and the pool cost a handoff
/// between threads: the built-in mock's `episodes` took 6.1 ms on the pool and 5.1 ms here
/// (4.8 ms on the earlier loop, which needed private runtime hooks). Work handed to other
/// queues and threads (libcurl's engine, the keyring's queue) goes on as before.
final class MainQueueExecutor: TaskExecutor {
    static let shared = MainQueueExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
