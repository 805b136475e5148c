import PrivateFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the cache's directory is not used.
enum CacheDirectoryRefusal: Error, CustomStringConvertible {
    /// Another user could plant, replace or remove entries in it.
    case untrusted(path: String, problem: OwnershipProblem)
    /// It could not be created or opened.
    case unusable(path: String, detail: String)

    /// The directory (or the parent that could not be made).
    var path: String {
        switch self {
        case .untrusted(let path, _), .unusable(let path, _): path
        }
    }

    /// What is wrong and what to do, to follow the path.
    var detail: String {
        switch self {
        case let .untrusted(path, problem):
            let fix =
                switch problem {
                case .writableByOthers: "Run `chmod 700 \(shellQuoted(path))`."
                case .symbolicLink, .notADirectory, .notAFile, .otherOwner:
                    "Move it away (`mv \(shellQuoted(path)) …`): a private directory is made in its place."
                }
            return "\(problem), so another user could plant or remove saved lists: it is not used. \(fix)"
        case .unusable(_, let detail):
            return "cannot be used: \(detail)."
        }
    }

    /// A sentence that names the directory, what is wrong and what to do.
    var description: String { "\(path) \(detail)" }
}

/// A system call on a file that failed, with its errno's text.
struct FileFailure: Error, CustomStringConvertible {
    let call: String
    let code: Int32

    /// `rename: No such file or directory`.
    var description: String { "\(call): \(describe(code))" }
}

/// The text of an `errno`.
func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
}
