import CocoacastsAPI
import Domain
import TokenStoreComposition

/// Why the services could not be made: a setting that does not hold (64), or a keyring
/// chosen explicitly that cannot be used (74).
enum CompositionError: Error, CustomStringConvertible {
    case configuration(ConfigurationError)
    case keyring(KeyringUnavailableError)

    var description: String {
        switch self {
        case .configuration(.unsafeAPIToken):
            "\(ConfigurationError.unsafeAPIToken) Check --api-token, COCOACASTS_API_TOKEN or the config file "
                + "(cocoacasts config list)."
        case .configuration(let error): error.description
        case .keyring(let error): "\(error) \(StoreError.theFileInstead)"
        }
    }

    var status: ExitCode {
        switch self {
        case .configuration: .usage
        case .keyring: .localState
        }
    }
}

extension StoreError {
    /// The CLI's way out of a keyring that cannot be used.
    static let theFileInstead = "To keep the tokens in a file instead: --token-store file."
}
