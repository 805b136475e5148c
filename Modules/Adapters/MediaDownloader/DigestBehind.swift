import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
