/// Where the CLI keeps the token pair: the user's keyring (the Secret Service) or the
/// 0600 token file.
///
/// `auto` takes the keyring when one answers on the session bus and the file otherwise,
/// as gh and Python's keyring do. A keyring that answers but is locked or refuses is
/// never swapped for the file: the command fails (74) and says to unlock it or choose
/// `file`. `keyring` insists on the keyring; `file` never asks it.
public enum TokenStoreChoice: String, CaseIterable, Sendable {
    case auto
    case keyring
    case file

    /// What a setting may say, for an error message.
    public static let expected = "auto, keyring or file"
}
