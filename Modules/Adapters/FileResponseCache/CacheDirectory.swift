import PrivateFiles

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cache's directory, opened for one operation and checked as the token store's is:
/// this user's, writable by nobody else, not a symbolic link (refused, never resolved).
///
/// Every file is then reached through the open descriptor (`openat`, `renameat`,
/// `unlinkat`, `fstatat`), so a directory swapped for a link after the check is never
/// followed, and nothing is ever `chmod`-ed, removed or listed through a link.
struct CacheDirectory: ~Copyable {
    let path: String
    /// The open directory; every file operation goes through it.
    let descriptor: Int32

    deinit {
        close(descriptor)
    }

    /// The directory at `path`; `nil` when it does not exist and `creating` is false.
    ///
    /// Creating makes it with `mkdir` mode 0700 — private from its first moment — and
    /// its missing parents; a directory of this user's that others may read (but not
    /// write) is then made 0700 through its descriptor.
    static func open(_ path: String, creating: Bool) throws(CacheDirectoryRefusal) -> CacheDirectory? {
        if creating {
            do {
                try makeDirectory(path, mode: 0o700)
            } catch {
                throw .unusable(path: error.path, detail: "it could not be created (\(error.reason))")
            }
        }
        let descriptor = openDirectory(path)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT where !creating: return nil
            case ELOOP, ENOTDIR:  // Linux says ENOTDIR for a link opened with O_DIRECTORY | O_NOFOLLOW
                var info = stat()
                let problem = lstat(path, &info) == 0 ? OwnershipProblem.ofDirectory(info) : nil
                throw .untrusted(path: path, problem: problem ?? .notADirectory)
            case let code: throw .unusable(path: path, detail: describe(code))
            }
        }
        let directory = CacheDirectory(path: path, descriptor: descriptor)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unusable(path: path, detail: describe(errno)) }
        if let problem = OwnershipProblem.ofDirectory(info) { throw .untrusted(path: path, problem: problem) }
        if creating, info.st_mode & 0o077 != 0, fchmod(descriptor, 0o700) != 0 {
            throw .unusable(path: path, detail: "it could not be made private (\(describe(errno)))")
        }
        return directory
    }

    /// The full path of `name`, for messages.
    func path(of name: String) -> String {
        path + "/" + name
    }

    /// What is at `name`, not following a link; `nil` when nothing is (it may have just
    /// been renamed or removed by another process).
    func status(of name: String) throws(FileFailure) -> stat? {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return nil }
            throw FileFailure(call: "stat", code: errno)
        }
        return info
    }

    /// The names in the directory (not `.` and `..`).
    func names() throws(FileFailure) -> [String] {
        // A directory stream of its own: `fdopendir` takes the descriptor over.
        let copy = dup(descriptor)
        guard copy >= 0 else { throw FileFailure(call: "dup", code: errno) }
        guard let stream = fdopendir(copy) else {
            let failure = FileFailure(call: "opendir", code: errno)
            close(copy)
            throw failure
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Opens `name` for reading, never following a link nor blocking on a FIFO.
    func openForReading(_ name: String) throws(FileFailure) -> Int32? {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw FileFailure(call: "open", code: errno)
        }
        return file
    }

    /// Writes `data` to a new 0600 file `temporary` and renames it over `name`.
    ///
    /// Not flushed to disk: a reader sees the old entry or the new one whole, and after a
    /// crash an entry cut short reads as corrupt and is dropped and fetched again — cheaper
    /// for a cache than an `fsync` on every revalidation.
    func write(_ data: Data, to name: String, through temporary: String) throws(FileFailure) {
        let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw FileFailure(call: "open", code: errno) }
        var failure = Self.writeAll(data, to: file)
        close(file)
        if failure == nil, renameat(descriptor, temporary, descriptor, name) != 0 {
            failure = FileFailure(call: "rename", code: errno)
        }
        if let failure {
            unlinkat(descriptor, temporary, 0)
            throw failure
        }
    }

    /// Removes `name`; `false` when it was already gone.
    @discardableResult
    func remove(_ name: String) throws(FileFailure) -> Bool {
        guard unlinkat(descriptor, name, 0) == 0 else {
            if errno == ENOENT { return false }
            throw FileFailure(call: "unlink", code: errno)
        }
        return true
    }

    private static func writeAll(_ data: Data, to file: Int32) -> FileFailure? {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { writeBytes(file, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return FileFailure(call: "write", code: written < 0 ? errno : EIO) }
            offset += written
        }
        return nil
    }
}

/// `open(2)` of a directory, never through a link, outside the type whose `open` shadows the name.
private func openDirectory(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
}

/// `write(2)`, outside the type whose `write` shadows the name.
private func writeBytes(_ file: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(file, buffer, count)
}
