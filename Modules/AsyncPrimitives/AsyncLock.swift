/// A first-in, first-out mutual exclusion for async code: an ``AsyncSemaphore`` with
/// one permit.
///
/// Unlike a `Mutex`, the holder may suspend (await a network call) while holding it;
/// waiters suspend instead of blocking a thread. Not reentrant.
public struct AsyncLock: Sendable {
    private let semaphore = AsyncSemaphore(permits: 1)

    public init() {}

    /// Runs `body` while holding the lock.
    public func withLock<T, E: Error>(_ body: () async throws(E) -> T) async throws(E) -> T {
        try await semaphore.withPermit(body)
    }
}
