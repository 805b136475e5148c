import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Bytes handed from a producer that cannot wait (a networking library's callback on its
/// own thread) to one async reader, with a bound on what may wait between them.
///
/// Past ``capacity`` the channel refuses what is offered and the producer pauses; once the
/// reader has taken the channel down to half of it, `resume` asks the producer to go on
/// (and offer the refused bytes again). So memory holds at most the capacity and one
/// chunk, however slow the reader.
public final class ByteChannel<Failure: Error>: Sendable {
    private struct State {
        var chunks: [Data] = []
        var start = 0
        var buffered = 0
        var refused = false
        var end: Result<Void, Failure>?
        var reader: Reader?
    }

    /// The bytes that may wait for the reader before the producer is refused.
    public let capacity: Int
    private let state = Mutex(State())
    private let resume: @Sendable () -> Void

    /// A channel holding at most `capacity` bytes (and one chunk); `resume` is called, on the
    /// reader's task, when a refused producer may offer again.
    public init(capacity: Int, resume: @escaping @Sendable () -> Void) {
        self.capacity = capacity
        self.resume = resume
    }

    /// Takes `bytes` for the reader, or refuses them (`false`) when the channel is full: the
    /// producer then pauses until `resume`, and offers them again. After the end, everything
    /// is taken and dropped.
    public func offer(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // Taken or refused is decided under the one lock: a reader that drains the channel in
        // between must not make refused bytes look taken.
        let (taken, reader) = state.withLock { state -> (Bool, Reader?) in
            guard state.end == nil else { return (true, nil) }
            guard state.buffered < capacity else {
                state.refused = true
                return (false, nil)
            }
            state.chunks.append(Data(bytes))
            state.buffered += bytes.count
            defer { state.reader = nil }
            return (true, state.reader)
        }
        // The reader that waited takes the chunk itself, so the order is always the arrival's.
        if let reader, let ready = take() { reader.resume(returning: ready) }
        return taken
    }

    /// Takes `data` for the reader even when the channel is full, for a producer that cannot
    /// offer a chunk again (URLSession hands each one over once); says whether the producer may
    /// go on: `false` once, for the chunk that filled the channel, answered by one `resume`
    /// (the chunks already on their way are taken and say go on).
    public func append(_ data: Data) -> Bool {
        let (goesOn, reader) = state.withLock { state -> (Bool, Reader?) in
            guard state.end == nil else { return (true, nil) }
            state.chunks.append(data)
            state.buffered += data.count
            // Only the chunk that fills the channel pauses the producer: one resume answers it.
            let pauses = state.buffered > capacity && !state.refused
            if pauses { state.refused = true }
            defer { state.reader = nil }
            return (!pauses, state.reader)
        }
        if let reader, let ready = take() { reader.resume(returning: ready) }
        return goesOn
    }

    /// Ends the body: the reader gets what is buffered, then `nil` or `failure`. Only the
    /// first end counts.
    public func finish(throwing failure: Failure? = nil) {
        let reader = state.withLock { state -> Reader? in
            guard state.end == nil else { return nil }
            state.end = failure.map { .failure($0) } ?? .success(())
            defer { state.reader = nil }
            return state.reader
        }
        if let reader, let ready = take() { reader.resume(returning: ready) }
    }

    /// Whether the reader waits for a chunk (for tests that order an offer after the wait).
    package var hasWaitingReader: Bool { state.withLock { $0.reader != nil } }

    /// The bytes the channel holds on to, those the reader took included while it still
    /// keeps them: what memory it costs.
    package var heldBytes: Int {
        state.withLock { state in state.chunks.reduce(0) { $0 + $1.count } }
    }

    /// The next chunk, waiting for one; `nil` after the end. Called by one reader at a time.
    public func next() async throws(Failure) -> Data? {
        if let ready = take() { return try ready.get() }
        let waited = await withCheckedContinuation { (continuation: Reader) in
            if let ready = take(orWaitWith: continuation) { continuation.resume(returning: ready) }
        }
        return try waited.get()
    }

    private typealias Reader = CheckedContinuation<Result<Data?, Failure>, Never>

    /// The next chunk or the end, if there is one; else `nil`, having left `reader` to be
    /// woken by the next offer or the end. Resumes a refused producer once the channel is
    /// down to half its capacity.
    private func take(orWaitWith reader: Reader? = nil) -> Result<Data?, Failure>? {
        let (ready, resumes) = state.withLock { state -> (Result<Data?, Failure>?, Bool) in
            guard state.start < state.chunks.count else {
                switch state.end {
                case .failure(let failure): return (.failure(failure), false)
                case .success: return (.success(nil), false)
                case nil:
                    state.reader = reader
                    return (nil, false)
                }
            }
            let chunk = state.chunks[state.start]
            // The slot lets its bytes go now, and the taken slots go once they are half the
            // array: a reader that never quite catches up (a disk slower than loopback) must not
            // keep every chunk it took.
            state.chunks[state.start] = Data()
            state.start += 1
            if state.start == state.chunks.count {
                (state.chunks, state.start) = ([], 0)
            } else if state.start >= 64 && state.start * 2 >= state.chunks.count {
                state.chunks.removeFirst(state.start)
                state.start = 0
            }
            state.buffered -= chunk.count
            let resumes = state.refused && state.buffered <= capacity / 2 && state.end == nil
            if resumes { state.refused = false }
            return (.success(chunk), resumes)
        }
        if resumes { resume() }
        return ready
    }
}
