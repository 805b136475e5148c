import Domain
import Ports
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

/// The folder of one local copy: private (0700, its files 0600), every file written under a
/// temporary name (`NAME.part`) and renamed once whole, so that a file with its final name was
/// whole when the process renamed it (nothing is synced to disk first: after a power cut the
/// size check of the manifest's records finds a part the disk lost).
struct CopyFolder: Sendable {
    let root: String

    func path(_ name: String) -> String { root + "/" + name }

    /// Creates the folder and `subfolders` private, and checks them as the token store's
    /// (a link in their place is refused, never followed).
    func prepare(subfolders: [String]) throws(DownloadError) {
        try Self.checkPrivate([root] + subfolders.map(path), creating: true)
    }

    /// Checks the folders at `paths` as the token store's (a link in their place is refused,
    /// never followed), creating them private first when `creating`.
    static func checkPrivate(_ paths: [String], creating: Bool) throws(DownloadError) {
        for path in paths {
            do {
                if creating {
                    try PrivateDirectory(path: path).ensure()
                } else {
                    try PrivateDirectory(path: path).check()
                }
            } catch {
                throw failure(error, path: path)
            }
        }
    }

    /// A private folder's failure in a copy's words (never a token file's).
    static func failure(_ error: StoreError, path: String) -> DownloadError {
        switch error {
        case .untrustedLocation(_, let problem, let fix):
            DownloadError(.io(path: path, detail: "it \(problem). \(fix)"))
        case .io(_, let detail), .corrupt(_, let detail): DownloadError(.io(path: path, detail: detail))
        case .insecurePermissions(_, let mode):
            DownloadError(.io(path: path, detail: "its mode is \(mode), not private"))
        case .lockTimeout: DownloadError(.busy(path: path))
        }
    }

    /// The whole content of the regular file `name` (never through a link); `nil` when there is
    /// none, the system's words when it cannot be read.
    func contents(of name: String) -> Result<Data?, ReadFailure> {
        var data = Data()
        guard let code = readPieces(ofFile: path(name), size: 64 << 10, { data.append(contentsOf: $0) }) else {
            return .success(data)
        }
        return code == ENOENT ? .success(nil) : .failure(ReadFailure(code))
    }

    /// A writer that appends to `name` (created 0600), never through a link.
    func appender(_ name: String) throws(DownloadError) -> FileWriter {
        try Self.writer(path(name), appending: true)
    }

    /// The size of the regular file `name` (a whole part, or `NAME.part`: what a download cut
    /// short left), or `nil` when there is none.
    func size(of name: String) -> Int? {
        guard let info = FolderTree.status(path(name)), (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// A writer into `name`'s temporary file, emptied first unless `appending`.
    func temporary(_ name: String, appending: Bool = false) throws(DownloadError) -> FileWriter {
        try Self.writer(path(name) + ".part", appending: appending)
    }

    /// A writer into the file at `path` (created 0600, never through a link), emptied first
    /// unless `appending`.
    private static func writer(_ path: String, appending: Bool) throws(DownloadError) -> FileWriter {
        let descriptor = open(
            path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (appending ? O_APPEND : O_TRUNC), 0o600)
        guard descriptor >= 0 else { throw failure(errno, path: path) }
        return FileWriter(descriptor: descriptor, path: path)
    }

    /// Refuses to go on when the disk has less free room than `bytes` (what is left to fetch),
    /// before anything is fetched rather than when the disk is full half way.
    func checkRoom(for bytes: Int) throws(DownloadError) {
        var info = statvfs()
        guard bytes > 0, statvfs(root, &info) == 0 else { return }  // no figure: the writes will say
        // Some network file systems report figures whose product passes any Int: room enough.
        let (product, overflows) = Int(clamping: info.f_bavail).multipliedReportingOverflow(
            by: Int(clamping: info.f_frsize))
        let free = overflows ? Int.max : product
        if bytes > free { throw DownloadError(.noRoom(needed: bytes, free: free, path: root)) }
    }

    /// Gives `name`'s temporary file its final name: it is whole.
    func finish(_ name: String) throws(DownloadError) {
        guard rename(path(name) + ".part", path(name)) == 0 else { throw Self.failure(errno, path: path(name)) }
    }

    /// Writes `data` as the whole of `name` at once.
    func write(_ data: Data, as name: String) throws(DownloadError) {
        let writer = try temporary(name)
        do throws(DownloadError) {
            try writer.write(data)
            try writer.close()
        } catch {
            writer.abandon()
            throw error
        }
        try finish(name)
    }

    /// Removes the subfolder `name` and all it holds, if there is one (a link is removed, never followed).
    func removeTree(_ name: String) throws(DownloadError) {
        do {
            try FolderTree.remove(path(name))
        } catch {
            throw DownloadError(
                .io(path: error.path, detail: "what an earlier download left could not be removed (\(error.words))"))
        }
    }

    /// Removes `name` and its temporary file, if there are.
    func remove(_ name: String) {
        unlink(path(name))
        unlink(path(name) + ".part")
    }

    /// The failure of a call that set `code` on `path`: a full disk said as one.
    static func failure(_ code: Int32, path: String) -> DownloadError {
        if code == ENOSPC || code == EDQUOT { return DownloadError(.noSpace(path: path)) }
        return DownloadError(.io(path: path, detail: String(cString: strerror(code))))
    }
}

/// Why a file could not be read: the system's words.
struct ReadFailure: Error, CustomStringConvertible {
    let description: String

    init(_ code: Int32) {
        description = String(cString: strerror(code))
    }
}

/// Writes a file in order, every byte or a failure that says why.
final class FileWriter {
    private var descriptor: Int32
    let path: String

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { if descriptor >= 0 { _ = closeFile(descriptor) } }

    func write(_ data: Data) throws(DownloadError) {
        try data.withUnsafeBytes { bytes in Result { () throws(DownloadError) in try write(bytes) } }.get()
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(DownloadError) {
        var offset = 0
        while offset < bytes.count {
            let written = writeFile(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw CopyFolder.failure(errno, path: path)
            }
            offset += written
        }
    }

    /// Closes the file; a failure here (NFS, a full disk found late) is a failure of the part.
    func close() throws(DownloadError) {
        guard descriptor >= 0 else { return }  // closed already, or abandoned
        let code = closeFile(descriptor)
        descriptor = -1
        if code != 0 { throw CopyFolder.failure(errno, path: path) }
    }

    /// Closes and removes what was written.
    func abandon() {
        if descriptor >= 0 { _ = closeFile(descriptor) }
        descriptor = -1
        unlink(path)
    }
}

/// Reads the regular file at `path` (never through a link) to its end, `size` bytes at most at
/// a time, each piece handed to `take`; the code of the call that failed, `nil` when none did.
func readPieces<E: Error>(
    ofFile path: String, size: Int = 1 << 20, _ take: (UnsafeRawBufferPointer) throws(E) -> Void
) throws(E) -> Int32? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return errno }
    defer { close(descriptor) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
    defer { buffer.deallocate() }
    while true {
        let count = read(descriptor, buffer.baseAddress, size)
        if count < 0 && errno == EINTR { continue }
        guard count >= 0 else { return errno }
        if count == 0 { return nil }
        try take(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }
}

/// `close(2)` and `write(2)`, outside the type whose methods shadow the names.
private func closeFile(_ descriptor: Int32) -> Int32 { close(descriptor) }

private func writeFile(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// Folders listed and removed with the system's calls: a link is an entry like any other,
/// removed and never followed, and a failure is said in the system's words (`Permission
/// denied`), not as a Foundation error's dump.
enum FolderTree {
    /// Why a folder could not be listed or removed: the path and the system's words.
    struct Failure: Error {
        let path: String
        let words: String
    }

    /// The names in the folder at `path` (`.` and `..` aside); `nil` when there is no folder.
    static func names(in path: String) throws(Failure) -> [String]? {
        guard let directory = opendir(path) else {
            if errno == ENOENT { return nil }
            throw Failure(path: path, words: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(cString: bytes.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What `lstat(2)` says of `path`: of a link itself, never of what it points at; `nil`
    /// when it cannot say (`errno` tells why).
    static func status(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    /// Removes `path` and, when it is a folder (not a link to one), everything in it.
    static func remove(_ path: String) throws(Failure) {
        guard let info = status(path) else {
            if errno == ENOENT { return }
            throw Failure(path: path, words: String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            for name in try names(in: path) ?? [] { try remove(path + "/" + name) }
            guard rmdir(path) == 0 else { throw Failure(path: path, words: String(cString: strerror(errno))) }
        } else {
            guard unlink(path) == 0 else { throw Failure(path: path, words: String(cString: strerror(errno))) }
        }
    }
}
