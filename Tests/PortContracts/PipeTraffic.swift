import Foundation
import Subprocesses
import Synchronization

/// Moves bytes between this process and a child's pipes on a thread of its own, polling, so
/// that no read or write ever blocks the concurrency runtime's few threads, and no wait
/// outlasts its deadline: a grandchild that keeps a pipe open can delay the end of a run,
/// never stop it. Every end handled is closed when it returns (a first line's is left open).
public enum PipeTraffic {
    /// What came back, and whether every output reached its end (and all the input went in,
    /// or the child closed its end) before the deadline.
    public struct Result: Sendable {
        public let outputs: [Data]
        public let complete: Bool
    }

    /// Writes `data` into `input` (then closes it) and reads each of `outputs` to its end,
    /// until `deadline`; then reads what is already there and stops.
    public static func exchange(
        writing data: Data = Data(), into input: PipeEnd?, readingToEnd outputs: [PipeEnd],
        until deadline: ContinuousClock.Instant
    ) async -> Result {
        await start(writing: data, into: input, readingToEnd: outputs, until: deadline).result
    }

    /// Starts ``exchange(writing:into:readingToEnd:until:)`` on its thread now, before the
    /// caller suspends: a child that waits for its input gets it even while every thread of
    /// the concurrency runtime is taken (in a whole suite, a task made now may wait tens of
    /// seconds for one), and the deadline is the clock's, not the runtime's.
    public static func start(
        writing data: Data = Data(), into input: PipeEnd?, readingToEnd outputs: [PipeEnd],
        until deadline: ContinuousClock.Instant
    ) -> Running {
        Running { run(data, input, outputs, deadline: deadline, toFirstLine: false) }
    }

    /// The first line `output` gives (without its line feed), or `nil` when it ends or the
    /// deadline passes first. The end stays open.
    public static func firstLine(of output: PipeEnd, until deadline: ContinuousClock.Instant) async -> String? {
        let result = await Running { run(Data(), nil, [output], deadline: deadline, toFirstLine: true) }.result
        guard let bytes = result.outputs.first, let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            return nil
        }
        return String(decoding: bytes[..<newline], as: UTF8.self)
    }

    /// An exchange running on a thread of its own, started when this is made.
    public final class Running: Sendable {
        private let state = Mutex<(result: Result?, waiter: CheckedContinuation<Result, Never>?)>((nil, nil))

        fileprivate init(_ work: @escaping @Sendable () -> Result) {
            Thread { [self] in
                let result = work()
                state.withLock { state in
                    state.result = result
                    return state.waiter.take()
                }?.resume(returning: result)
            }.start()
        }

        /// What came back, once the exchange has ended.
        public var result: Result {
            get async {
                await withCheckedContinuation { continuation in
                    let ended = state.withLock { state in
                        if state.result == nil { state.waiter = continuation }
                        return state.result
                    }
                    if let ended { continuation.resume(returning: ended) }
                }
            }
        }
    }

    /// The loop. SIGPIPE is blocked on this thread, so writing to a child that has gone is
    /// an `EPIPE` here instead of the end of the test process (a signal raised by a write goes
    /// to the writing thread, and what is pending dies with it).
    private static func run(
        _ data: Data, _ input: PipeEnd?, _ outputs: [PipeEnd], deadline: ContinuousClock.Instant, toFirstLine: Bool
    ) -> Result {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        var pending = data[...]
        var received = outputs.map { _ in Data() }
        var open = Array(outputs.indices)
        input?.makeNonBlocking()
        outputs.forEach { $0.makeNonBlocking() }
        if pending.isEmpty { input?.close() }
        func lineArrived() -> Bool { toFirstLine && received[0].contains(UInt8(ascii: "\n")) }
        var drains = 0  // passes after the deadline, reading what is already there
        while !(open.isEmpty && pending.isEmpty) && !lineArrived() && drains < 16 {
            let overdue = ContinuousClock.now >= deadline
            var arrived = false
            var polled = open.map { pollfd(fd: outputs[$0].descriptor, events: Int16(POLLIN), revents: 0) }
            if !pending.isEmpty, let input {
                polled.append(pollfd(fd: input.descriptor, events: Int16(POLLOUT), revents: 0))
            }
            _ = poll(&polled, nfds_t(polled.count), overdue ? 0 : 50)
            if !pending.isEmpty, let input, let ready = polled.last, ready.revents != 0 {
                let (written, failure) =
                    pending.withUnsafeBytes { bytes in
                        input.withDescriptor { (write($0, bytes.baseAddress, bytes.count), errno) }
                    } ?? (-1, EBADF)
                if written > 0 { pending = pending.dropFirst(written) }
                if (written < 0 && failure != EAGAIN) || pending.isEmpty {
                    pending = Data()[...]  // the child closed its end (EPIPE): what is left is not wanted
                    input.close()
                }
            }
            for (slot, index) in open.enumerated().reversed() where polled[slot].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 65_536)
                let (count, failure) =
                    outputs[index].withDescriptor { (read($0, &buffer, buffer.count), errno) } ?? (0, 0)
                if count > 0 {
                    received[index].append(contentsOf: buffer[..<count])
                    arrived = true
                } else if count == 0 || failure != EAGAIN {
                    outputs[index].close()  // the end, or a failure that no retry mends
                    open.remove(at: slot)
                }
            }
            if overdue { drains = arrived ? drains + 1 : 16 }
        }
        let complete = (open.isEmpty && pending.isEmpty) || lineArrived()
        input?.close()
        if !toFirstLine { outputs.forEach { $0.close() } }
        return Result(outputs: received, complete: complete)
    }
}
