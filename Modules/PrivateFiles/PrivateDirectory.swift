import Domain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A directory that holds what only this user may touch (the token file, the locks):
/// created private, and checked as ssh checks `~/.ssh` before anything in it is trusted.
public struct PrivateDirectory: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Creates the directory with `mkdir(2)` mode 0700 — private from its first moment
    /// (a umask can only take bits away) — and any missing parents, when it does not
    /// exist; then checks it (see ``check()``). A directory that cannot be created is said of
    /// `file`, the file it is made to hold, when one is given: the error names what the user
    /// knows, and the directory that failed.
    public func ensure(holding file: String? = nil) throws(StoreError) {
        do {
            try makeDirectory(path, mode: 0o700)
        } catch {
            guard let file else {
                throw .io(path: error.path, detail: "the directory could not be created (\(error.reason))")
            }
            throw .io(path: file, detail: "its directory \(error.path) could not be created (\(error.reason))")
        }
        try check()
    }

    /// Refuses a directory that another user could use to replace, remove or lock the
    /// tokens (see ``OwnershipProblem``). A directory that does not exist yet passes (it is
    /// created private).
    public func check() throws(StoreError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw .io(path: path, detail: String(cString: strerror(errno)))
        }
        guard let problem = OwnershipProblem.ofDirectory(info) else { return }
        let fix =
            switch problem {
            case .symbolicLink:
                "Replace it with a directory of your own (`mkdir -m 700`)."
            case .writableByOthers: "Run `chmod 700 \(shellQuoted(path))` and try again."
            case .notADirectory, .notAFile, .otherOwner:
                "Move it away and try again: a private directory is created in its place."
            }
        throw .untrustedLocation(path: path, problem: problem.description, fix: fix)
    }
}
