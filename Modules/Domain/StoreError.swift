/// Why a token or key-value store could not be read or written.
///
/// A store that fails is never mistaken for an empty one ("signed out"), and its
/// error never carries a stored value: only paths and what to do about them.
public enum StoreError: Error, Equatable, Hashable, Sendable {
    /// The stored content does not parse. It is left in place untouched.
    case corrupt(path: String, detail: String)
    /// The file is readable or writable by other users; `mode` is its octal mode.
    case insecurePermissions(path: String, mode: String)
    /// Another process held the store's lock longer than the allowed wait.
    case lockTimeout(path: String, seconds: Double)
    /// The file system refused an operation.
    case io(path: String, detail: String)
    /// The store's directory or lock file could let another user replace, remove or lock
    /// the tokens (`problem`, such as "is writable by other users (mode 777)"); `fix` says
    /// what to run.
    case untrustedLocation(path: String, problem: String, fix: String)
}

extension StoreError: CustomStringConvertible {
    /// A message that names the file and says how to repair it.
    public var description: String {
        switch self {
        case let .corrupt(path, detail):
            "The token file \(path) is not valid (\(detail)). It was left untouched; "
                + "signing in or out sets it aside, or remove it."
        case let .insecurePermissions(path, mode):
            "The token file \(path) has mode \(mode) and may be read by other users. "
                + "Run `chmod 600 \(path)` and try again."
        case let .lockTimeout(path, seconds):
            "Another process held the lock on \(path) for more than \(seconds) s. Try again."
        case let .io(path, detail) where path.hasPrefix("/org/freedesktop/secrets"):
            // A Secret Service names each object by a D-Bus path under its namespace.
            "The keyring could not be used: \(detail)."
        case let .io(path, detail):
            "The token file \(path) could not be used: \(detail)."
        case let .untrustedLocation(path, problem, fix):
            "\(path) \(problem), so another user could replace, remove or lock the tokens. \(fix)"
        }
    }
}
