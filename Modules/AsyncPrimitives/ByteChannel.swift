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
///
/// Or the reader hands the rest over to a sink (``drain(into:)``) that the producer calls
/// itself, on its own thread, with bytes it still holds: no copy, no hop to the reader.
public final class ByteChannel<Failure: Error>: Sendable {
    /// Takes bytes on the producer's thread, in order; `false` ends the channel there.
    public typealias Sink = @Sendable (UnsafeRawBufferPointer) -> Bool

    private struct State {
        var chunks: [Data] = []
        var start = 0
        var buffered = 0
        var refused = false
        var end: Result<Void, Failure>?
        var reader: Reader?
        var sink: Sink?
        var drainer: Drainer?
        /// Whether the producer is inside the sink: the drain is answered once it is out.
        var isSinking = false
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
        let (taken, reader, sink) = state.withLock { state -> (Bool, Reader?, Sink?) in
            guard state.end == nil else { return (true, nil, nil) }
            if let sink = state.sink {
                state.isSinking = true
                return (true, nil, sink)
            }
            guard state.buffered < capacity else {
                state.refused = true
                return (false, nil, nil)
            }
            state.chunks.append(Data(bytes))
            state.buffered += bytes.count
            defer { state.reader = nil }
            return (true, state.reader, nil)
        }
        if let sink { feed(sink, bytes) }
        // The reader that waited takes the chunk itself, so the order is always the arrival's.
        if let reader, let ready = take() { reader.resume(returning: ready) }
        return taken
    }

    /// Takes `data` for the reader even when the channel is full, for a producer that cannot
    /// offer a chunk again (URLSession hands each one over once); says whether the producer may
    /// go on: `false` once, for the chunk that filled the channel, answered by one `resume`
    /// (the chunks already on their way are taken and say go on).
    public func append(_ data: Data) -> Bool {
        let (goesOn, reader, sink) = state.withLock { state -> (Bool, Reader?, Sink?) in
            guard state.end == nil else { return (true, nil, nil) }
            if let sink = state.sink {
                state.isSinking = true
                return (true, nil, sink)
            }
            state.chunks.append(data)
            state.buffered += data.count
            // Only the chunk that fills the channel pauses the producer: one resume answers it.
            let pauses = state.buffered > capacity && !state.refused
            if pauses { state.refused = true }
            defer { state.reader = nil }
            return (!pauses, state.reader, nil)
        }
        if let sink { data.withUnsafeBytes { feed(sink, $0) } }
        if let reader, let ready = take() { reader.resume(returning: ready) }
        return goesOn
    }

    /// Ends the body: the reader gets what is buffered, then `nil` or `failure`. Only the
    /// first end counts.
    public func finish(throwing failure: Failure? = nil) {
        end(failure.map { .failure($0) } ?? .success(())) { state in state.end == nil }
    }

    /// Ends the body for a reader that wants no more of it: what is buffered is dropped, and
    /// the reader (or the drain, once its sink returned) gets `failure`, even after an end —
    /// unless the sink refused the chunk it was handed meanwhile: its `false` comes first.
    public func discard(throwing failure: Failure) {
        end(.failure(failure)) { state in
            (state.chunks, state.start, state.buffered) = ([], 0, 0)
            return true
        }
    }

    /// Ends the body with `end` when `applies` (which may change the state) says so, and
    /// answers whoever waits.
    private func end(_ end: Result<Void, Failure>, when applies: (inout State) -> Bool) {
        let (reader, drainer) = state.withLock { state -> (Reader?, Drainer?) in
            guard applies(&state) else { return (nil, nil) }
            state.end = end
            defer { state.reader = nil }
            // A producer inside the sink answers the drain itself once it is out (see ``feed``).
            guard !state.isSinking else { return (state.reader, nil) }
            defer { (state.sink, state.drainer) = (nil, nil) }
            return (state.reader, state.drainer)
        }
        if let reader, let ready = take() { reader.resume(returning: ready) }
        drainer?.resume(returning: end.map { true })
    }

    /// Hands the rest of the body to `sink`: what waits already, on the reader's task, then
    /// each chunk as the producer offers it, on the producer's thread. `true` once the body
    /// ended and `sink` took all of it, `false` as soon as `sink` refused a chunk (the channel
    /// has ended: the reader stops the producer). Once it returns, the producer calls `sink` no
    /// more. Called instead of ``next()``, once.
    public func drain(into sink: @escaping Sink) async throws(Failure) -> Bool {
        while true {
            while let ready = take() {
                guard let chunk = try ready.get() else { return true }
                guard chunk.withUnsafeBytes(sink) else {
                    state.withLock { state in if state.end == nil { state.end = .success(()) } }
                    return false
                }
            }
            let ended = await withCheckedContinuation { (continuation: Drainer) in
                // A chunk that came meanwhile is the reader's to hand over first.
                let installed = state.withLock { state in
                    guard state.start == state.chunks.count, state.end == nil else { return false }
                    (state.sink, state.drainer) = (sink, continuation)
                    return true
                }
                if !installed { continuation.resume(returning: nil) }
            }
            if let ended { return try ended.get() }
        }
    }

    private typealias Drainer = CheckedContinuation<Result<Bool, Failure>?, Never>

    /// Hands `bytes` to `sink` on the producer's thread, outside the lock. The drain is answered
    /// only once the sink has returned: an end that came meanwhile (a cancelled reader) waits for
    /// it, so that nothing the reader closes after the drain is still in the producer's hands.
    private func feed(_ sink: Sink, _ bytes: UnsafeRawBufferPointer) {
        let took = sink(bytes)
        let answer = state.withLock { state -> (Drainer, Result<Bool, Failure>)? in
            state.isSinking = false
            if !took, state.end == nil { state.end = .success(()) }
            guard let drainer = state.drainer, let end = state.end else { return nil }
            (state.sink, state.drainer) = (nil, nil)
            switch end {
            case _ where !took: return (drainer, .success(false))
            case .success: return (drainer, .success(true))
            case .failure(let failure): return (drainer, .failure(failure))
            }
        }
        if let (drainer, outcome) = answer { drainer.resume(returning: outcome) }
    }

    /// Whether the reader waits for a chunk (for tests that order an offer after the wait).
    package var hasWaitingReader: Bool { state.withLock { $0.reader != nil } }

    /// Whether the producer's offers go to a sink now (for tests that order an offer after it).
    package var isDraining: Bool { state.withLock { $0.sink != nil } }

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
