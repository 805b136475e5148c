import Synchronization

extension MainThreadLoop {
    struct Timer {
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
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
                let mustWake = state.withLock { state in
                    state.timers[id] = Timer(deadline: deadline, continuation: continuation)
                    defer { state.isSleeping = false }
                    return state.isSleeping
                }
                if mustWake { wake() }  // set from another thread: the sleeping loop's timeout is now wrong
                if Task.isCancelled { cancelTimer(id) }
            }
        } onCancel: {
            cancelTimer(id)
        }
    }

    private static func cancelTimer(_ id: UInt64) {
        state.withLock { $0.timers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
    }

    /// Resumes the sleepers whose time has come; whether there were any.
    static func fireTimers() -> Bool {
        let now = ContinuousClock.now
        let due = state.withLock { state in
            let due = state.timers.filter { $0.value.deadline <= now }
            for id in due.keys { state.timers[id] = nil }
            return due.values
        }
        for timer in due { timer.continuation.resume() }
        return !due.isEmpty
    }

    /// Milliseconds until the next timer is due, rounded up; -1 (forever) with none.
    static func timeout(_ state: State) -> Int32 {
        guard let next = state.timers.values.map(\.deadline).min() else { return -1 }
        let (seconds, attoseconds) = max(.zero, next - ContinuousClock.now).components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(min(Int64(Int32.max), milliseconds))
    }
}
