import Domain

/// The token-store failures the previews show: one of each ``StoreError`` case, as the
/// file token store reports them for a user's credentials file, and a locked keyring.
enum StoreFailures {
    /// The credentials file the messages name.
    static let path = "/home/demo/.config/cocoacasts/credentials.json"

    /// The file does not parse.
    static let corrupt = StoreError.corrupt(path: path, detail: "not a credentials document")
    /// The file is readable by other users.
    static let insecure = StoreError.insecurePermissions(path: path, mode: "644")
    /// Another process holds the file's lock.
    static let locked = StoreError.lockTimeout(path: path, seconds: 5)
    /// The directory is open to other users.
    static let untrusted = StoreError.untrustedLocation(
        path: "/home/demo/.config/cocoacasts", problem: "is writable by other users (mode 777)",
        fix: "Run `chmod 700 /home/demo/.config/cocoacasts` and try again.")
    /// The keyring (Secret Service) answers but is locked: as the keyring adapter reports it.
    static let keyringLocked = StoreError.io(
        path: "/org/freedesktop/secrets/collection/login",
        detail: "the keyring “Login” is locked. Unlock it (sign in to the desktop, or open Passwords and Keys)")
    /// The file system refuses to write.
    static let readOnly = StoreError.io(path: path, detail: "Read-only file system")

    /// Every failure above.
    static let all = [corrupt, insecure, locked, readOnly, untrusted, keyringLocked]
}
