#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a directory could not be made: the one that failed (the directory asked for or a
/// parent) and `errno`.
public struct DirectoryCreationFailure: Error, Equatable {
    public let path: String
    public let code: Int32

    /// The system's words for the code.
    public var reason: String { String(cString: strerror(code)) }
}

/// Makes the directory `path` with `mode` (less the umask) and any missing parents (0777 less
/// the umask), as `mkdir -p` does; one that exists already is left as it is.
///
/// This is `FileManager.createDirectory(withIntermediateDirectories:)` without its
/// `NSError`, whose words come from CoreFoundation (and with it ICU's tables) on Linux.
public func makeDirectory(_ path: String, mode: mode_t) throws(DirectoryCreationFailure) {
    guard !path.isEmpty, mkdir(path, mode) != 0 else { return }
    var code = errno
    if code == ENOENT, Path.parent(of: path) != path {
        try makeDirectory(Path.parent(of: path), mode: 0o777)
        code = mkdir(path, mode) == 0 ? 0 : errno
    }
    guard code != 0, code != EEXIST else { return }
    throw DirectoryCreationFailure(path: path, code: code)
}
