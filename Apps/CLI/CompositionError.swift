import CocoacastsAPI
import TokenStoreComposition

/// Why the services could not be made: a setting that does not hold (64), or a keyring
/// chosen explicitly that cannot be used (74).
enum CompositionError: Error, CustomStringConvertible {
    case configuration(ConfigurationError)
    case keyring(KeyringUnavailableError)

    var description: String {
        switch self {
        case .configuration(let error): error.description
        case .keyring(let error): error.description
        }
    }

    var status: ExitCode {
        switch self {
        case .configuration: .usage
        case .keyring: .localState
        }
    }
}
