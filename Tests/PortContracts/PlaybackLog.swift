import Ports
import Synchronization

/// Everything a ``Playback`` reported, collected by a task of its own as it arrives, so
/// that a test can wait — with a bound — for what it expects, and then look at it all.
public final class PlaybackLog: Sendable {
    /// What has arrived so far.
    public struct Record: Sendable {
        public fileprivate(set) var events: [PlaybackEvent] = []
        /// Whether the event sequence has finished.
        public fileprivate(set) var isFinished = false

        /// The positions, in order.
        public var positions: [Int] {
            events.compactMap { if case .position(let seconds) = $0 { seconds } else { nil } }
        }

        /// How playback ended, once it has.
        public var ending: PlaybackEnding? {
            events.lazy.compactMap { if case .ended(let ending) = $0 { ending } else { nil } }.first
        }
    }

    private struct Waiter {
        let condition: @Sendable (Record) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var record = Record()
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// Starts collecting `playback`'s events.
    public init(_ playback: any Playback) {
        Task { [self] in
            for await event in playback.events { update { $0.events.append(event) } }
            update { $0.isFinished = true }
        }
    }

    /// What has arrived so far.
    public var record: Record { state.withLock { $0.record } }

    /// Waits until `condition` holds of what arrived, at most `timeout`; says whether it held.
    public func wait(upTo timeout: Duration, until condition: @escaping @Sendable (Record) -> Bool) async -> Bool {
        await withCheckedContinuation { continuation in
            let id: Int? = state.withLock { state in
                guard !condition(state.record) else { return nil }
                defer { state.nextWaiter += 1 }
                state.waiters[state.nextWaiter] = Waiter(condition: condition, continuation: continuation)
                return state.nextWaiter
            }
            guard let id else { return continuation.resume(returning: true) }
            Task { [self] in
                try await Task.sleep(for: timeout)
                state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
            }
        }
    }

    /// Waits at most `timeout` for the event sequence to finish; says whether it did.
    public func waitForTheEnd(upTo timeout: Duration) async -> Bool {
        await wait(upTo: timeout) { $0.isFinished }
    }

    private func update(_ change: (inout Record) -> Void) {
        let satisfied = state.withLock { state in
            change(&state.record)
            let record = state.record
            let ready = state.waiters.filter { $0.value.condition(record) }
            for id in ready.keys { state.waiters[id] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in satisfied { continuation.resume(returning: true) }
    }
}
