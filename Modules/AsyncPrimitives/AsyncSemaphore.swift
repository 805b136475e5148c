import Synchronization

/// Lets at most `permits` tasks at a time run a section, first come first served.
///
/// Waiters suspend instead of blocking a thread, so a thousand waiting tasks cost no
/// threads, and a holder may suspend (await a network call) while it holds a permit.
public final class AsyncSemaphore: Sendable {
    private struct State {
        var available: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
        var nextWaiter = 0
    }

    private let state: Mutex<State>

    /// Creates a semaphore with `permits` permits (at least one).
    public init(permits: Int) {
        state = Mutex(State(available: max(1, permits)))
    }

    /// Runs `body` while holding a permit.
    public func withPermit<T, E: Error>(_ body: () async throws(E) -> T) async throws(E) -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    /// Takes a permit, waiting for one; the caller must ``release()`` it (`defer`), as
    /// ``withPermit(_:)`` does, where a call needs no closure between it and its work.
    public func acquire() async {
        // A free permit with nobody queued is taken without suspending: no trip through the executor.
        let taken = state.withLock { state in
            guard state.available > 0, state.nextWaiter == state.waiters.count else { return false }
            state.available -= 1
            return true
        }
        if taken { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state in
                guard state.available > 0 else {
                    state.waiters.append(continuation)
                    return false
                }
                state.available -= 1
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    /// Gives back the permit ``acquire()`` took.
    public func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.nextWaiter < state.waiters.count else {
                state.available += 1
                state.waiters.removeAll(keepingCapacity: true)
                state.nextWaiter = 0
                return nil
            }
            defer { state.nextWaiter += 1 }
            return state.waiters[state.nextWaiter]
        }
        next?.resume()
    }
}
