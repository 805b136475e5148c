import Synchronization

/// Cancels a task when asked from anywhere (a callback on another thread, as a Ctrl-C's
/// handler does), also when asked before the task is held.
public final class CancelOnDemand<Success: Sendable, Failure: Error>: Sendable {
    private let state = Mutex<(task: Task<Success, Failure>?, asked: Bool)>((nil, false))

    public init() {}

    /// Holds `task`, and cancels it at once when that was asked already.
    public func hold(_ task: Task<Success, Failure>) {
        if state.withLock({ state in
            state.task = task
            return state.asked
        }) {
            task.cancel()
        }
    }

    public func cancel() {
        state.withLock { state in
            state.asked = true
            return state.task
        }?.cancel()
    }
}
