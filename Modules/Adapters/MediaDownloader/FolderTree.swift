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
