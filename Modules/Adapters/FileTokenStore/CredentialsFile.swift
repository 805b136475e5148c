import Foundation
import Ports

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The credentials file on disk: reads that refuse loose permissions, atomic
/// replacement, and moving a bad file aside. Every call is a few system calls; locking
/// is the caller's business.
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

    /// The largest file accepted; anything bigger is not a credentials file.
    static let maximumSize = 1 << 20

    let path: String
    var directory: String { (path as NSString).deletingLastPathComponent }

    /// The identity of the file as it is now, or `nil` when there is none.
    func identity() throws(StoreError) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw .io(path: path, detail: Self.describe(errno))
        }
        return try checked(info)
    }

    /// The file's identity and bytes, read from one open descriptor; `nil` when there is none.
    func read() throws(StoreError) -> (Identity, Data)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .io(path: path, detail: Self.describe(errno))
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
            try Self.writeAll(data, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else { throw StoreError.io(path: temporary, detail: Self.describe(errno)) }
            close(descriptor)
            guard rename(temporary, path) == 0 else { throw StoreError.io(path: path, detail: Self.describe(errno)) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        syncDirectory()
    }

    /// Removes the file (nothing to do when it is already gone).
    func remove() throws(StoreError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .io(path: path, detail: Self.describe(errno)) }
        syncDirectory()
    }

    /// Renames the file to `<name>.corrupt-<UTC timestamp>` beside it and returns the new path.
    func moveAside(at date: Date = Date()) throws(StoreError) -> String {
        let stamp = ISO8601DateFormatter.string(
            from: date, timeZone: TimeZone(identifier: "UTC")!,
            formatOptions: [
                .withYear, .withMonth, .withDay, .withTime, .withTimeZone,
            ])
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
        let prefix = ".\((path as NSString).lastPathComponent).tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(prefix) { unlink("\(directory)/\(name)") }
    }

    /// Creates the directory 0700 (and any missing parents) when it does not exist.
    func ensureDirectory() throws(StoreError) {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(path: directory, detail: "the directory could not be created (\(error.localizedDescription))")
        }
    }

    private func checked(_ info: stat) throws(StoreError) -> Identity {
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else { throw .insecurePermissions(path: path, mode: String(mode, radix: 8)) }
        return Identity(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
            modifiedSeconds: info.st_mtim.tv_sec, modifiedNanoseconds: info.st_mtim.tv_nsec, size: Int64(info.st_size))
    }

    private func syncDirectory() {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
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
