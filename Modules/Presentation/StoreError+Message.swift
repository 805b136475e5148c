import Domain

extension StoreError {
    /// What a screen says of the failure: its description, except that a failure of the
    /// keyring is said to be the keyring's. Domain words every store as "the token file";
    /// a Secret Service names each object by a D-Bus path under `/org/freedesktop/secrets`
    /// (the Secret Service API's namespace), which is how its failures are told apart.
    public var message: String {
        guard case .io(let path, let detail) = self, path.hasPrefix("/org/freedesktop/secrets") else {
            return description
        }
        return "The keyring could not be used: \(detail)."
    }
}
