import SecretServiceStore

/// A keyring was chosen explicitly and none answers.
public struct KeyringUnavailableError: Error, CustomStringConvertible {
    /// The setting that chose it, in its own words (`--token-store keyring`).
    public let chosenBy: String
    public let reason: KeyringUnavailable

    public var description: String {
        "The keyring was chosen (\(chosenBy)), but none can be used: \(reason). Run where a keyring answers "
            + "(a desktop session), or keep the tokens in a file."
    }
}
