import Synchronization

/// A value decided once, by whichever comes first: a player's own word on how playback
/// ended, or the user's stop.
public final class FirstDecision<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)

    public init() {}

    /// The value decided, if any.
    public var decided: Value? { value.withLock { $0 } }

    /// Decides `candidate` unless a value was decided before; says whether it was.
    @discardableResult
    public func decide(_ candidate: Value) -> Bool {
        value.withLock { value in
            guard value == nil else { return false }
            value = candidate
            return true
        }
    }
}
