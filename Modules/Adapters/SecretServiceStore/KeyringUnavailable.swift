/// Why no keyring serves this process: the store falls back to the file and says this.
public enum KeyringUnavailable: Error, Equatable, Sendable, CustomStringConvertible {
    /// libsecret could not be loaded (`dlerror`'s reason).
    case noLibrary(String)
    /// Nothing answers as `org.freedesktop.secrets` on the session bus (GLib's reason).
    case noService(String)
    /// The Secret Service answers but has no default collection (one D-Bus activation
    /// started on a machine nobody logged in to): nowhere to keep the tokens.
    case noCollection

    /// The reason `status` gives after the file's path.
    public var description: String {
        switch self {
        case .noLibrary(let reason): "libsecret could not be loaded: \(reason)"
        case .noService(let reason): "no Secret Service on the session bus: \(reason)"
        case .noCollection: "the Secret Service has no default collection to keep the tokens in"
        }
    }
}
