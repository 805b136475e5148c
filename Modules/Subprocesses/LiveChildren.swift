import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The children this process started and has not reaped, as the targets of a signal (the
/// child, or its whole group when it leads one), so that a process about to end at once —
/// the CLI on a second Ctrl-C — can take them with it: a player must not outlive the
/// command that started it.
///
/// Fixed slots of atomics, so that ``killAll(with:)`` takes no lock and allocates nothing:
/// a signal handler may call it. A slot is emptied before its child is reaped, so that a
/// process ID the kernel gives to another process is not signalled (bar the instant between
/// the handler's read and its `kill`, as with any signal sent by ID).
public enum LiveChildren {
    /// Sixteen at once; more are not recorded (the CLI runs one player).
    private static let slots = InlineArray<16, Atomic<Int32>> { _ in Atomic(0) }

    /// Records `target` (a PID, or a negated process group ID); the slot it took, if any.
    static func add(_ target: Int32) -> Int? {
        for index in slots.indices
        where slots[index].compareExchange(expected: 0, desired: target, ordering: .sequentiallyConsistent).exchanged {
            return index
        }
        return nil
    }

    /// Forgets the child recorded in `slot`, before it is reaped.
    static func remove(_ slot: Int) {
        slots[slot].store(0, ordering: .sequentiallyConsistent)
    }

    /// Sends `signal` to every child recorded; safe in a signal handler.
    public static func killAll(with signal: Int32) {
        for index in slots.indices {
            let target = slots[index].load(ordering: .sequentiallyConsistent)
            if target != 0 { kill(target, signal) }
        }
    }
}
