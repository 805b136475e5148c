import Synchronization

/// Counts the tasks inside a section (a lock, the requests in flight) from any number of
/// tasks, and remembers the most seen at once.
public final class Occupancy: Sendable {
    private let state = Mutex((now: 0, most: 0, entered: 0))

    public init() {}

    /// A task came in.
    public func enter() {
        state.withLock {
            $0.now += 1
            $0.entered += 1
            $0.most = max($0.most, $0.now)
        }
    }

    /// A task left.
    public func leave() { state.withLock { $0.now -= 1 } }

    /// The most tasks inside at once so far.
    public var most: Int { state.withLock { $0.most } }

    /// Whether `limit` tasks are inside now, or `total` have come in altogether.
    public func isFull(limit: Int, orEntered total: Int) -> Bool {
        state.withLock { $0.now >= limit || $0.entered >= total }
    }
}
