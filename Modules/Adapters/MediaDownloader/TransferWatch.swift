import Ports
import Synchronization

/// Watches one body as it arrives and stops it when it breaks the download's rules: fewer
/// than ``minimumBytes`` in a window of the request's timeout (a trickle that would never
/// end), or, when it has a deadline, a whole transfer longer than it. The reader then learns
/// why from ``verdict``.
final class TransferWatch: Sendable {
    /// The fewest bytes a window must bring: under 256 KiB in 30 s is under 70 kbit/s, slower
    /// than any video plays.
    static let minimumBytes = 256 << 10

    private struct State {
        var bytes = 0
        var verdict: PartFailure.Reason?
    }

    /// What the watching task and the reader share.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let shared = Shared()
    private let watching: Task<Void, Never>

    /// Starts watching `body`: every `window` seconds at least ``minimumBytes`` must have come,
    /// and the whole of it within `deadline` seconds when there is one.
    init(_ body: HTTPBody, window: Double, deadline: Double?) {
        let shared = shared
        let started = ContinuousClock.now
        watching = Task {
            var windowStart = started
            var bytesAtWindowStart = 0
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: .milliseconds(250))
                } catch {
                    return
                }
                let now = ContinuousClock.now
                let verdict = shared.state.withLock { state -> PartFailure.Reason? in
                    if let deadline, now - started > .seconds(deadline) {
                        state.verdict = .tookTooLong(seconds: Int(deadline.rounded()))
                    } else if now - windowStart >= .seconds(window) {
                        if state.bytes - bytesAtWindowStart < Self.minimumBytes {
                            state.verdict = .stalled(bytes: Self.minimumBytes, seconds: Int(window.rounded()))
                        }
                        windowStart = now
                        bytesAtWindowStart = state.bytes
                    }
                    return state.verdict
                }
                if verdict != nil {
                    body.cancel()
                    return
                }
            }
        }
    }

    deinit { watching.cancel() }

    /// Counts `count` more bytes.
    func received(_ count: Int) {
        shared.state.withLock { $0.bytes += count }
    }

    /// Why the body was stopped, if the watch stopped it.
    var verdict: PartFailure.Reason? { shared.state.withLock { $0.verdict } }

    /// Stops watching: the body ended.
    func end() { watching.cancel() }
}
