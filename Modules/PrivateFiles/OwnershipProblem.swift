#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file or directory cannot be trusted to be this user's alone: another user
/// could replace, remove or plant what it holds. The checks are ssh's for `~/.ssh`.
///
/// Each check takes a `stat` made without following a link (`lstat`, or `fstat` of a
/// descriptor opened with `O_NOFOLLOW`): a link is refused, never resolved, because
/// where it leads now proves nothing about where it leads later.
public enum OwnershipProblem: Hashable, Sendable, CustomStringConvertible {
    case symbolicLink
    case notADirectory
    case notAFile
    case otherOwner
    /// Its group or others may write it; `mode` is its octal mode, such as `"777"`.
    case writableByOthers(mode: String)

    /// `is a symbolic link`, `is writable by other users (mode 777)`: what follows a path.
    public var description: String {
        switch self {
        case .symbolicLink: "is a symbolic link"
        case .notADirectory: "is not a directory"
        case .notAFile: "is not a file"
        case .otherOwner: "belongs to another user"
        case .writableByOthers(let mode): "is writable by other users (mode \(mode))"
        }
    }

    /// The problem with a directory whose status is `info`, or `nil` when it is a
    /// directory of this user's that nobody else may write.
    public static func ofDirectory(_ info: stat) -> OwnershipProblem? {
        of(info, kind: S_IFDIR, wrongKind: .notADirectory)
    }

    /// The problem with a file whose status is `info`, or `nil` when it is a regular file
    /// of this user's that nobody else may write.
    public static func ofFile(_ info: stat) -> OwnershipProblem? {
        of(info, kind: S_IFREG, wrongKind: .notAFile)
    }

    private static func of(_ info: stat, kind: mode_t, wrongKind: OwnershipProblem) -> OwnershipProblem? {
        let mode = info.st_mode & 0o7777
        if info.st_mode & S_IFMT == S_IFLNK { return .symbolicLink }
        if info.st_mode & S_IFMT != kind { return wrongKind }
        if info.st_uid != geteuid() { return .otherOwner }
        if mode & 0o022 != 0 { return .writableByOthers(mode: String(mode, radix: 8)) }
        return nil
    }
}
