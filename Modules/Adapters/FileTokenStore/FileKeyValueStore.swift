import AsyncPrimitives
import Domain
import Ports
import PrivateFiles
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``/Ports/KeyValueStore`` in one file that any number of processes share safely: the
/// Linux stand-in for the keychain.
///
/// - On disk: the directory is created 0700 and the file 0600, each created that way;
///   every write replaces the file atomically (see `CredentialsFile`). A file others
///   may read is refused with ``/Domain/StoreError/insecurePermissions(path:mode:)``; one that
///   does not parse is ``/Domain/StoreError/corrupt(path:detail:)`` and is left untouched.
/// - Across processes: every read-modify-write holds an `flock` on `<file>.lock`, reads
///   the file again under it, and gives up after `lockTimeout` (by default longer than a
///   request's timeout, so a process waits out another's refresh). Waiting suspends the
///   caller; it never blocks a thread.
/// - A new sign-in over a file that does not parse moves the file aside with a timestamp
///   (``setAsideCorruptContent()``) and says so through `notices`; nothing else ever
///   replaces or removes a file the store cannot read.
/// - Reads are cheap: an unchanged file (same inode, modification time and size) is not
///   parsed again, and a change by another process is seen by the next read.
public final class FileKeyValueStore: KeyValueStore {
    /// The file's location.
    public let fileURL: URL
    /// How the file lays out its values.
    public let format: CredentialsFormat
    /// How a file that does not parse is described.
    public let words: CredentialsFormat.Words
    private let file: CredentialsFile
    private let lock: FileLock
    private let cachesReads: Bool
    private let cache = Mutex<(identity: CredentialsFile.Identity, values: [String: String])?>(nil)
    private let exclusiveAccess = AsyncLock()
    private let notices: @Sendable (String) -> Void

    /// The longest wait for another process's lock unless told otherwise.
    public static let defaultLockTimeout: Duration = .seconds(35)

    /// Creates a store over `fileURL`; nothing touches the disk until it is used.
    ///
    /// - Parameters:
    ///   - lockTimeout: how long to wait for another process's lock before failing with
    ///     ``/Domain/StoreError/lockTimeout(path:seconds:)``.
    ///   - words: how a file that does not parse is described: the token file's words, or precisely.
    ///   - cachesReads: `false` parses the file on every read (for comparison in benchmarks).
    ///   - notices: told when a file that did not parse was moved aside.
    public init(
        fileURL: URL, format: CredentialsFormat = .json, words: CredentialsFormat.Words = .credentials,
        lockTimeout: Duration = defaultLockTimeout, cachesReads: Bool = true,
        notices: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.fileURL = fileURL
        self.format = format
        self.words = words
        self.file = CredentialsFile(path: fileURL.path)
        self.lock = FileLock(path: fileURL.path + ".lock", timeout: lockTimeout)
        self.cachesReads = cachesReads
        self.notices = notices
    }

    /// Every value, from one read of the file (no lock: writes replace the file atomically).
    public func allValues() async throws(StoreError) -> [String: String] {
        try values(usingCache: cachesReads)
    }

    /// The values; under the lock the file is always parsed, as an identity that looks
    /// unchanged (an inode reused within one clock tick) must never decide a write.
    private func values(usingCache: Bool) throws(StoreError) -> [String: String] {
        if usingCache, let identity = try file.identity(),
            let cached = cache.withLock({ $0?.identity == identity ? $0?.values : nil })
        {
            return cached
        }
        guard let (identity, data) = try file.contents() else { return [:] }
        // A file to trust: its directory is checked on every parse, not on every cached read.
        try PrivateDirectory(path: file.directory).check()
        let values = try format.decode(data, path: file.path, words: words)
        if cachesReads { cache.withLock { $0 = (identity, values) } }
        return values
    }

    /// Applies the changes under the lock, on what the file holds at that moment; a change
    /// that changes nothing writes nothing.
    public func apply(_ changes: [String: String?]) async throws(StoreError) {
        if changes.values.allSatisfy({ $0 == nil }), try file.identity() == nil { return }  // nothing to remove
        try await withExclusiveAccess { (values: inout [String: String]) throws(StoreError) in
            for (key, value) in changes { values[key] = value }
        }
    }

    /// The space reserved before `body` runs; a credentials file holds a few hundred bytes.
    static let reservedBytes = 64 << 10

    /// Runs `body` holding the in-process lock and then the file lock, on a fresh copy.
    ///
    /// Room for the result is reserved before `body` runs, because `body` may ask a server
    /// for something that cannot be asked for twice (a refresh rotates the tokens, and an
    /// answer that cannot be saved is lost): a full disk, a quota, a file-size limit or a
    /// read-only file system fail here, before anything is sent. A write that fails all
    /// the same (an I/O error) is tried once more under the same lock.
    public func withExclusiveAccess<T: Sendable>(
        _ body: (inout [String: String]) async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        try await exclusiveAccess.withLock { () async throws(StoreError) -> T in
            try file.ensureDirectory()
            let descriptor = try await lock.acquire()
            defer { lock.release(descriptor) }
            let original = try values(usingCache: false)
            file.removeAbandonedTemporaryFiles()
            let reservation = try file.reserve(bytes: Self.reservedBytes)
            var values = original
            let result: T
            let data: Data?  // `nil`: the format removes the file
            do throws(StoreError) {
                result = try await body(&values)
                guard values != original else {
                    file.release(reservation)
                    return result
                }
                data = try format.encode(values, path: file.path)
            } catch {
                file.release(reservation)
                throw error
            }
            defer { cache.withLock { $0 = nil } }
            guard let data else {
                file.release(reservation)
                do throws(StoreError) { try file.remove() } catch { try file.remove() }  // tried once more, as a write
                return result
            }
            do throws(StoreError) {
                try file.replace(with: data, using: reservation)
            } catch {
                try file.replace(with: data, using: try file.reserve(bytes: data.count))
            }
            return result
        }
    }

    /// Moves the file aside as `<name>.corrupt-<timestamp>` if, under the lock, it still
    /// does not parse, and says where it went through `notices`; a file another process
    /// already replaced with a good one is left alone.
    public func setAsideCorruptContent() async throws(StoreError) {
        try await exclusiveAccess.withLock { () async throws(StoreError) in
            try file.ensureDirectory()
            let descriptor = try await lock.acquire()
            defer { lock.release(descriptor) }
            do throws(StoreError) {
                _ = try values(usingCache: false)
            } catch .corrupt(let path, let detail) {
                let movedTo = try file.moveAside()
                notices("The token file \(path) was not valid (\(detail)); it was moved to \(movedTo).")
            }
        }
    }
}
