import Synchronization

/// A first-in, first-out mutual exclusion for async code.
///
/// Unlike a `Mutex`, the holder may suspend (await a network call) while holding it;
/// waiters suspend instead of blocking a thread, so a thousand waiting tasks cost no
/// threads. Not reentrant.
public final class AsyncLock: Sendable {
    private struct State {
        var isLocked = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// Creates an unlocked lock.
    public init() {}

    /// Runs `body` while holding the lock.
    public func withLock<T, E: Error>(_ body: () async throws(E) -> T) async throws(E) -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state in
                guard state.isLocked else {
                    state.isLocked = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if acquired { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.nextWaiter < state.waiters.count else {
                state.isLocked = false
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
