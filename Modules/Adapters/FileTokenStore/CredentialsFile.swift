import Domain
import PrivateFiles

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
    var directory: String { Path.parent(of: path) }

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
    func contents() throws(StoreError) -> (Identity, Data)? {
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
            let count = data.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .io(path: path, detail: Self.describe(errno)) }
            if count == 0 { break }
            total += count
        }
        return (identity, data.prefix(total))
    }

    /// A temporary file beside the credentials whose space is allocated and flushed, so
    /// that writing a value of up to its size into it cannot fail for lack of space, a
    /// quota, a file-size limit or a read-only file system: those fail here instead.
    struct Reservation {
        let path: String
        let descriptor: Int32
    }

    /// Creates a 0600 temporary file in the store's directory with `bytes` allocated.
    func reserve(bytes: Int) throws(StoreError) -> Reservation {
        try ensureDirectory()
        let temporary =
            "\(directory)/.\(Path.lastComponent(of: path)).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw .io(path: path, detail: "it could not be written (\(Self.describe(errno)))")
        }
        let reservation = Reservation(path: temporary, descriptor: descriptor)
        if let code = Self.allocate(bytes, to: descriptor) {
            release(reservation)
            throw .io(path: path, detail: "there is no room to write it (\(Self.describe(code)))")
        }
        return reservation
    }

    /// Allocates `bytes` to the open file; the error number when it cannot. Where the file
    /// system (or the platform) has no `posix_fallocate`, zeros are written and flushed:
    /// a file system that allocates lazily finds out at the flush that it has no room.
    private static func allocate(_ bytes: Int, to descriptor: Int32) -> Int32? {
        #if canImport(Glibc)
            let code = posix_fallocate(descriptor, 0, off_t(max(bytes, 1)))
            guard code == EOPNOTSUPP || code == EINVAL else { return code == 0 ? nil : code }
        #endif
        do {
            try writeAll(Data(count: bytes), to: descriptor, path: "")
        } catch {
            return errno
        }
        return fsync(descriptor) == 0 ? nil : errno
    }

    /// Gives up a reservation that was not used.
    func release(_ reservation: Reservation) {
        close(reservation.descriptor)
        unlink(reservation.path)
    }

    /// Replaces the file with `data` atomically: written into the reserved 0600 file,
    /// cut to its length, flushed, renamed over the old one, and the directory flushed. A
    /// crash at any moment leaves the old content or the new, never a mix. The
    /// reservation is used up either way.
    func replace(with data: Data, using reservation: Reservation) throws(StoreError) {
        do throws(StoreError) {
            defer { close(reservation.descriptor) }
            try Self.writeAll(data, to: reservation.descriptor, path: reservation.path)
            guard ftruncate(reservation.descriptor, off_t(data.count)) == 0, fsync(reservation.descriptor) == 0 else {
                throw StoreError.io(path: reservation.path, detail: Self.describe(errno))
            }
        } catch {
            unlink(reservation.path)
            throw error
        }
        guard rename(reservation.path, path) == 0 else {
            let failure = StoreError.io(path: path, detail: Self.describe(errno))
            unlink(reservation.path)
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

/// The directory around the credentials file: creating it privately, flushing it, and
/// the files that live beside the credentials.
extension CredentialsFile {
    /// The stamp of a file moved aside: ISO 8601's basic format in UTC, `20231114T221320Z`,
    /// which sorts by time as text.
    static let asideStamp = Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted)

    /// Renames the file to `<name>.corrupt-<UTC timestamp>` beside it and returns the new path.
    func moveAside(at date: Date = Date()) throws(StoreError) -> String {
        let stamp = Self.asideStamp.format(date)
        var target = "\(path).corrupt-\(stamp)"
        var counter = 1
        while access(target, F_OK) == 0 {
            counter += 1
            target = "\(path).corrupt-\(stamp)-\(counter)"
        }
        guard rename(path, target) == 0 else { throw .io(path: path, detail: Self.describe(errno)) }
        syncDirectory()
        return target
    }

    /// Removes temporary files that a writer killed before its rename left behind. Only
    /// call it while holding the store's lock, when no other writer is mid-write.
    func removeAbandonedTemporaryFiles() {
        let prefix = ".\(Path.lastComponent(of: path)).tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(prefix) { unlink("\(directory)/\(name)") }
    }

    /// Creates the directory private and checks it (see ``/PrivateFiles/PrivateDirectory/ensure(holding:)``).
    func ensureDirectory() throws(StoreError) {
        try PrivateDirectory(path: directory).ensure(holding: path)
    }

    /// Flushes the directory, so that a rename survives a crash.
    func syncDirectory() {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
