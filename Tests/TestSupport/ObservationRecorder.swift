import Observation
import PortContracts

/// Records the successive values of an observed expression through Observation, the way a
/// view sees them, so that tests assert on transitions (`state` went
/// `idle → loading → loaded`) instead of peeking at a view-model's fields.
///
/// The first value is read at creation. `withObservationTracking` tells the recorder
/// *before* a tracked property changes; the recorder then reads the new value on the
/// main actor's next turn and tracks again. Changes made together in one synchronous
/// stretch of main-actor work therefore arrive as one value, as a view would render
/// them, and a value equal to the previous one is not recorded again.
///
/// ```swift
/// let states = ObservationRecorder { viewModel.state }
/// await viewModel.fetchEpisodes()
/// try await states.waitForValues([.idle, .loading(previous: nil), .loaded(rows)])
/// ```
@MainActor
public final class ObservationRecorder<Value: Equatable> {
    private struct Waiter {
        var isSatisfied: ([Value]) -> Bool
        var continuation: CheckedContinuation<Bool, Never>
    }

    /// Every distinct successive value so far, oldest first.
    public private(set) var values: [Value]
    /// How long ``waitUntil(_:)`` waits before it gives up.
    public let timeout: Duration
    private let read: @MainActor () -> Value
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiterID = 0

    /// Starts recording the values of `read`, which must read `@Observable` properties. Waits
    /// fail after `timeout` — by default three minutes, far above what a wait takes while the
    /// whole suite keeps a busy machine's threads: with a release build beside the suite on
    /// two cores, a wait of milliseconds alone took some 70 s.
    public init(timeout: Duration = .seconds(180), _ read: @escaping @MainActor () -> Value) {
        self.read = read
        self.timeout = timeout
        values = []
        track()
    }

    /// The most recent value.
    public var latest: Value? { values.last }

    /// Waits until the recorded values satisfy `isSatisfied`; throws after ``timeout``.
    public func waitUntil(_ isSatisfied: @escaping ([Value]) -> Bool) async throws {
        if isSatisfied(values) { return }
        nextWaiterID += 1
        let id = nextWaiterID
        let timer = Task { [weak self, timeout] in
            do { try await Task.sleep(for: timeout) } catch { return }
            self?.waiters.removeValue(forKey: id)?.continuation.resume(returning: false)
        }
        let satisfied = await withCheckedContinuation { continuation in
            waiters[id] = Waiter(isSatisfied: isSatisfied, continuation: continuation)
        }
        timer.cancel()
        guard satisfied else {
            throw SpyTimeout(what: "observed values to match; recorded \(values)", after: timeout)
        }
    }

    /// Waits until exactly `expected` was recorded; throws after ``timeout`` with what was.
    public func waitForValues(_ expected: [Value]) async throws {
        try await waitUntil { $0 == expected }
    }

    private func track() {
        let value = withObservationTracking {
            read()
        } onChange: { [weak self] in
            Task { @MainActor in self?.track() }
        }
        if values.last != value { values.append(value) }
        let satisfied = waiters.filter { $0.value.isSatisfied(values) }
        for (id, waiter) in satisfied {
            waiters[id] = nil
            waiter.continuation.resume(returning: true)
        }
    }
}
