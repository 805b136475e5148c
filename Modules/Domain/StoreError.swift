/// Why a token or key-value store could not be read or written.
///
/// Each case's `path` is a file's absolute path, or the name a store that is no file gives
/// itself (`the keychain item com.example.app.tokens`), which messages use as it is.
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
    /// A message that names the file (or the place a store named) and says how to repair it.
    public var description: String {
        switch self {
        case let .corrupt(path, detail) where Self.isNamedPlace(path):
            "\(Self.named(path)) is not valid (\(detail)). It was left untouched; signing in or out replaces it."
        case let .corrupt(path, detail):
            "The token file \(path) is not valid (\(detail)). It was left untouched; "
                + "signing in or out sets it aside, or remove it."
        case let .insecurePermissions(path, mode):
            "The token file \(path) has mode \(mode) and may be read by other users. "
                + "Run `chmod 600 \(path)` and try again."
        case let .lockTimeout(path, seconds):
            "Another process held the lock on \(path) for more than \(seconds) s. Try again."
        case .io(_, let detail) where isKeyringFailure:
            "The keyring could not be used: \(detail)."
        case let .io(path, detail) where Self.isNamedPlace(path):
            "\(Self.named(path)) could not be used: \(detail)."
        case let .io(path, detail):
            "The token file \(path) could not be used: \(detail)."
        case let .untrustedLocation(path, problem, fix):
            "\(path) \(problem), so another user could replace, remove or lock the tokens. \(fix)"
        }
    }

    /// Whether a keyring failed, rather than a file: a Secret Service names each object by a
    /// D-Bus path under its namespace.
    public var isKeyringFailure: Bool {
        guard case .io(let path, _) = self else { return false }
        return path.hasPrefix("/org/freedesktop/secrets")
    }

    /// Whether `path` is a store's name for itself (`the keychain item …`) rather than a file's
    /// path, which is absolute (or, in examples, starts at `~`).
    private static func isNamedPlace(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.hasPrefix("~")
    }

    /// A place a store named in its own words, as a sentence starts.
    private static func named(_ place: String) -> String {
        place.prefix(1).uppercased() + place.dropFirst()
    }
}
