import Synchronization

/// Records the arguments of calls made from any number of concurrent tasks.
public final class CallRecorder<Argument: Sendable>: Sendable {
    private let arguments = Mutex<[Argument]>([])

    public init() {}

    public func record(_ argument: Argument) {
        arguments.withLock { $0.append(argument) }
    }

    /// Every recorded argument, oldest first.
    public var calls: [Argument] { arguments.withLock { $0 } }

    /// The number of calls so far.
    public var count: Int { arguments.withLock { $0.count } }
}
