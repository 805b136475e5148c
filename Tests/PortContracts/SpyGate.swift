import Synchronization
import Testing

/// Holds calls of a test double open until the test releases them, and lets the test
/// wait until a number of calls arrived. Every wait is bounded: a held call that nobody
/// releases fails the test and passes after `timeout`.
///
/// A double runs ``hook`` as a call starts (it calls ``arrive()`` and then
/// ``pass(_:ignoresCancellation:)`` with the ticket); the test calls ``holdNext(_:)``,
/// ``waitUntilCalled(times:)`` and ``releaseAll()``.
public final class SpyGate: Sendable {
    private struct Held {
        var continuation: CheckedContinuation<Void, Never>?
        var isReleased = false
    }

    private struct Waiter {
        var count: Int
        var continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    private struct State {
        var holdsPending = 0
        var arrivals = 0
        var nextID = 0
        var held: [Int: Held] = [:]
        var waiters: [Int: Waiter] = [:]
    }

    /// How long a held call or a wait may last before the test fails.
    public let timeout: Duration
    private let state = Mutex(State())

    /// Creates a gate that holds nothing; waits fail after `timeout` — by default three
    /// minutes, far above what a wait takes while the whole suite keeps a busy machine's
    /// threads (as TestSupport's observation recorder's).
    public init(timeout: Duration = .seconds(180)) {
        self.timeout = timeout
    }

    /// How many calls arrived so far.
    public var arrivals: Int { state.withLock { $0.arrivals } }

    /// How many calls are held now (arrived, not yet released or cancelled).
    public var heldCount: Int { state.withLock { $0.held.values.count { !$0.isReleased } } }

    /// Holds the next `count` calls that arrive until ``releaseAll()``.
    public func holdNext(_ count: Int = 1) {
        state.withLock { $0.holdsPending += count }
    }

    /// Releases every held call.
    public func releaseAll() {
        for id in state.withLock({ Array($0.held.keys) }) { release(id) }
    }

    /// Counts a call; returns the ticket of a held call, or `nil` when it may pass at once.
    public func arrive() -> Int? {
        let (ticket, satisfied) = state.withLock { state -> (Int?, [Waiter]) in
            state.arrivals += 1
            let arrivals = state.arrivals
            let satisfied = state.waiters.filter { $0.value.count <= arrivals }
            for id in satisfied.keys { state.waiters[id] = nil }
            guard state.holdsPending > 0 else { return (nil, Array(satisfied.values)) }
            state.holdsPending -= 1
            state.nextID += 1
            state.held[state.nextID] = Held()
            return (state.nextID, Array(satisfied.values))
        }
        for waiter in satisfied {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
        return ticket
    }

    /// Waits until the held call `ticket` is released; returns at once for `nil`. Unless
    /// `ignoresCancellation`, cancelling the waiting task releases the call.
    public func pass(_ ticket: Int?, ignoresCancellation: Bool) async {
        guard let ticket else { return }
        let timer = Task { [self, timeout] in
            do { try await Task.sleep(for: timeout) } catch { return }
            if release(ticket) { Issue.record("A held call was not released within \(timeout).") }
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let passes = state.withLock { state -> Bool in
                    guard var held = state.held[ticket], !held.isReleased else {
                        state.held[ticket] = nil
                        return true
                    }
                    held.continuation = continuation
                    state.held[ticket] = held
                    return false
                }
                if passes { continuation.resume() }
            }
        } onCancel: {
            if !ignoresCancellation { release(ticket) }
        }
        timer.cancel()
    }

    /// What a test double runs as each call starts (for example `StubAPIService`'s
    /// `beforeAnswering`): counts the call and holds it when told to.
    public var hook: @Sendable (_ ignoresCancellation: Bool) async -> Void {
        { [self] ignoresCancellation in await pass(arrive(), ignoresCancellation: ignoresCancellation) }
    }

    /// Waits until at least `times` calls arrived; throws after the gate's timeout.
    public func waitUntilCalled(times: Int = 1) async throws {
        guard await waitForArrivals(times) else {
            throw SpyTimeout(what: "\(times) call(s); got \(arrivals)", after: timeout)
        }
    }

    /// Waits until at least `count` calls arrived; `false` when `timeout` passed first.
    public func waitForArrivals(_ count: Int) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let arrived = state.withLock { state -> Bool in
                guard state.arrivals < count else { return true }
                state.nextID += 1
                let id = state.nextID
                let timer = Task { [self, timeout] in
                    do { try await Task.sleep(for: timeout) } catch { return }
                    let waiter = self.state.withLock { $0.waiters.removeValue(forKey: id) }
                    waiter?.continuation.resume(returning: false)
                }
                state.waiters[id] = Waiter(count: count, continuation: continuation, timer: timer)
                return false
            }
            if arrived { continuation.resume(returning: true) }
        }
    }

    /// Releases the held call `ticket`; `true` when it was still held.
    @discardableResult
    private func release(_ ticket: Int) -> Bool {
        let (wasHeld, continuation) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
            guard var held = state.held[ticket], !held.isReleased else { return (false, nil) }
            guard let continuation = held.continuation else {
                held.isReleased = true
                state.held[ticket] = held
                return (true, nil)
            }
            state.held[ticket] = nil
            return (true, continuation)
        }
        continuation?.resume()
        return wasHeld
    }
}

/// A bounded wait of a test double that ran out of time.
public struct SpyTimeout: Error, CustomStringConvertible {
    /// What was awaited.
    public let what: String
    /// How long the wait lasted.
    public let after: Duration

    public init(what: String, after: Duration) {
        self.what = what
        self.after = after
    }

    public var description: String { "Waited \(after) for \(what)." }
}
