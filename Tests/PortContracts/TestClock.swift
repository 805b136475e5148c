import Foundation
import Synchronization

/// A wall clock a test sets and moves: what dates saved answers and judges their freshness.
public final class TestClock: Sendable {
    private let date = Mutex(Date(timeIntervalSince1970: 1_795_000_000))

    public init() {}

    /// The clock's time now.
    public var now: Date { date.withLock { $0 } }

    /// Moves the clock `seconds` on (or back, when negative).
    public func advance(by seconds: TimeInterval) {
        date.withLock { $0 += seconds }
    }
}
