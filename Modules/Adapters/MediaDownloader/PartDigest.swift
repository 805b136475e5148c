import Digest
import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SHA-256 of a part, taken as its bytes are written: libcrypto's where it loads (a few
/// GB/s with the CPU's SHA instructions, so it keeps up with any network), else the Digest
/// module's.
final class PartDigest {
    private enum Engine {
        case libcrypto(LibCrypto, OpaquePointer)
        case swift(SHA256)
    }

    private var engine: Engine

    init() {
        if case .success(let crypto) = LibCrypto.shared, let context = crypto.newDigest(),
            crypto.digestInit(context, crypto.sha256(), nil) == 1
        {
            engine = .libcrypto(crypto, context)
        } else {
            engine = .swift(SHA256())
        }
    }

    deinit {
        if case .libcrypto(let crypto, let context) = engine { crypto.freeDigest(context) }
    }

    func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        switch engine {
        case .libcrypto(let crypto, let context): _ = crypto.digestUpdate(context, bytes.baseAddress, bytes.count)
        case .swift(var hasher):
            hasher.update(bytes)
            engine = .swift(hasher)
        }
    }

    /// The digest in lower-case hex; the digest is done with.
    func finish() -> String {
        switch engine {
        case .libcrypto(let crypto, let context):
            var digest = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            _ = crypto.digestFinal(context, &digest, &length)
            return SHA256.hex(digest: digest)
        case .swift(let hasher):
            return SHA256.hex(digest: hasher.finalize())
        }
    }

    /// The digest of the regular file at `path` (never through a link), read in 1 MiB pieces;
    /// `nil` when it cannot be read.
    static func ofFile(_ path: String) -> String? {
        let digest = PartDigest()
        return readPieces(ofFile: path) { digest.update($0) } == nil ? digest.finish() : nil
    }
}

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

/// A file's SHA-256 read back from the file itself, on a thread of its own, behind the writer
/// that fills it: the writer says how far it has written, and the digest reads the page cache
/// up to there. The writer keeps no copy of its bytes for the digest and never waits for it
/// (a 200 MiB file: 2 MiB less memory than a copy of each chunk, and the copies' time), and
/// what is digested is what the file holds.
final class DigestBehind: @unchecked Sendable {
    // Sendable: everything but `queue`, `descriptor` (both set once) and `isAbandoned` (an
    // atomic) is touched only on `queue`, which is serial; `finish` waits for it.
    private let digest = PartDigest()
    private let queue = DispatchQueue(label: "cocoacasts.file-digest")
    private let descriptor: Int32
    private var digested = 0
    private var failed = false
    private var buffer = [UInt8](repeating: 0, count: 64 << 10)
    /// Set when the download failed: what is still queued reads no more.
    private let isAbandoned = Atomic(false)

    /// A digest of the regular file at `path` (never through a link); `nil` when it cannot be read.
    init?(path: String) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// The file holds `length` bytes now: the digest goes on reading up to there.
    func written(upTo length: Int) {
        queue.async { [self] in read(upTo: length) }
    }

    /// The download failed: the digest stops reading (and lets the file go) at once.
    func abandon() {
        isAbandoned.store(true, ordering: .relaxed)
    }

    /// The digest in lower-case hex of the file's first `length` bytes, once read; `nil` when
    /// the file could not be read as far.
    func finish(length: Int) -> String? {
        queue.sync {
            read(upTo: length)
            return failed || digested != length ? nil : digest.finish()
        }
    }

    private func read(upTo length: Int) {
        while !failed && digested < length && !isAbandoned.load(ordering: .relaxed) {
            let wanted = min(buffer.count, length - digested)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(digested)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                failed = true
                return
            }
            buffer.withUnsafeBytes { digest.update(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
            digested += count
        }
    }
}
