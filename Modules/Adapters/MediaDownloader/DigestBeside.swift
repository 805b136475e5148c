import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A part's SHA-256 taken on a thread of its own from the chunks its reader writes, so that the
/// digest takes a core the download leaves idle rather than the download's time. Chunks go to
/// it in batches of ``batchBytes``, and at most ``backlog`` batches wait, so memory does not
/// grow with a part when the digest falls behind. (A plain file, drained on the transport's
/// thread with no chunk to hand over, is digested from the file: ``DigestBehind``.)
final class DigestBeside: @unchecked Sendable {
    // Sendable: `digest` is touched only on `queue` (serial) once made, `finish` waits for
    // what is queued, `waiting` is a semaphore, and `batch` is the one writer's (the task that
    // writes the part calls `update` and `finish` in turn).
    static let backlog = 2
    static let batchBytes = 256 << 10

    private let digest = PartDigest()
    private let queue = DispatchQueue(label: "cocoacasts.part-digest")
    private let waiting = DispatchSemaphore(value: DigestBeside.backlog)
    private var batch: [Data] = []
    private var batched = 0

    /// Adds `data`, digested in order beside the caller, which waits (its thread, briefly: the
    /// digest runs at GB/s) only when ``backlog`` batches wait already.
    func update(_ data: Data) {
        batch.append(data)
        batched += data.count
        if batched >= Self.batchBytes { send() }
    }

    private func send() {
        guard !batch.isEmpty else { return }
        let chunks = batch
        batch = []
        batched = 0
        waiting.wait()
        queue.async { [self] in
            for chunk in chunks { digest.update(chunk) }
            waiting.signal()
        }
    }

    /// The digest in lower-case hex, once every chunk added is digested.
    func finish() -> String {
        send()
        return queue.sync { digest.finish() }
    }
}
