import Domain
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The credentials file on disk: reads that refuse loose permissions, other owners,
/// symbolic links and anything but a regular file; atomic replacement. Every call is a
/// few system calls; locking is the caller's business.
struct CredentialsFile: Sendable {
    /// What identifies one version of the file: a rewrite changes the inode (rename), and
    /// the times and size change with it.
    struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
        let modifiedSeconds: Int
        let modifiedNanoseconds: Int
        let size: Int64
    }

    /// This process's user, asked once: reads are on every request's path.
    private static let user = geteuid()

    /// The largest file accepted; anything bigger is not a credentials file.
    static let maximumSize = 1 << 20

    let path: String
    var directory: String { (path as NSString).deletingLastPathComponent }

    /// The identity of the file as it is now, or `nil` when there is none.
    func identity() throws(StoreError) -> Identity? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw .io(path: path, detail: Self.describe(errno))
        }
        return try checked(info)
    }

    /// The file's identity and bytes, read from one open descriptor; `nil` when there is none.
    func read() throws(StoreError) -> (Identity, Data)? {
        // Never follow a link planted at the path, never block on a FIFO.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .io(path: path, detail: errno == ELOOP ? "it is a symbolic link" : Self.describe(errno))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .io(path: path, detail: Self.describe(errno)) }
        let identity = try checked(info)
        guard Int(info.st_size) <= Self.maximumSize else {
            throw .corrupt(path: path, detail: "\(info.st_size) bytes is too large for a credentials file")
        }
        var data = Data(count: Int(info.st_size))
        var total = 0
        while total < data.count {
            let count = data.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .io(path: path, detail: Self.describe(errno)) }
            if count == 0 { break }
            total += count
        }
        return (identity, data.prefix(total))
    }

    /// Replaces the file with `data` atomically: a new 0600 file in the same directory,
    /// flushed, renamed over the old one, and the directory flushed. A crash at any
    /// moment leaves the old content or the new, never a mix.
    func replace(with data: Data) throws(StoreError) {
        try ensureDirectory()
        let temporary =
            "\(directory)/.\((path as NSString).lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io(path: temporary, detail: Self.describe(errno)) }
        do throws(StoreError) {
            defer { close(descriptor) }
            try Self.writeAll(data, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else { throw StoreError.io(path: temporary, detail: Self.describe(errno)) }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let failure = StoreError.io(path: path, detail: Self.describe(errno))
            unlink(temporary)
            throw failure
        }
        syncDirectory()
    }

    /// Removes the file (nothing to do when it is already gone).
    func remove() throws(StoreError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .io(path: path, detail: Self.describe(errno)) }
        syncDirectory()
    }

    /// The identity of a regular file of ours that only we can read.
    private func checked(_ info: stat) throws(StoreError) -> Identity {
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .io(
                path: path, detail: info.st_mode & S_IFMT == S_IFLNK ? "it is a symbolic link" : "it is not a file")
        }
        guard info.st_uid == Self.user else { throw .io(path: path, detail: "it belongs to another user") }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else { throw .insecurePermissions(path: path, mode: String(mode, radix: 8)) }
        #if canImport(Darwin)
            let modified = info.st_mtimespec
        #else
            let modified = info.st_mtim
        #endif
        return Identity(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), modifiedSeconds: Int(modified.tv_sec),
            modifiedNanoseconds: Int(modified.tv_nsec), size: Int64(info.st_size))
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(StoreError) {
        var written = 0
        while written < data.count {
            let count = data.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .io(path: path, detail: describe(errno)) }
            written += count
        }
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// `read(2)`, outside the type whose `read()` shadows the name.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
