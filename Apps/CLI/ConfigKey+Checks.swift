import CocoacastsAPI
import CommandPlayer
import Domain
import TokenStoreComposition

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ConfigKey {
    /// Why `value` cannot be `key`'s value, or `nil` when it can: the checks a run would make.
    func problem(with value: String) -> String? {
        let loopback = URL(string: "http://127.0.0.1/")!
        switch self {
        case .timeout:
            return Settings.timeout(value) == nil
                ? "'\(value)' is not a valid timeout: expected seconds, more than 0 and at most 3600" : nil
        case .transport:
            return TransportChoice(available: value) == nil
                ? "'\(value)' is not a valid transport: expected \(TransportChoice.expected)" : nil
        case .player:
            do {
                _ = try CommandPlayer(command: value, environment: ProcessInfo.processInfo.environment)
                return nil
            } catch {
                return "'\(value)' is not a valid player: \(error)"
            }
        case .tokenStore:
            return TokenStoreChoice(rawValue: value) == nil
                ? "'\(value)' is not a valid token-store: expected \(TokenStoreChoice.expected)" : nil
        case .cacert:
            return Settings.isReadableFile(value) ? nil : "'\(value)' is not a readable file"
        case .baseURL:
            guard let url = URL(string: value), url.host != nil else {
                return "'\(URLRedaction.text(value))' is not a valid base-url: expected a URL such as "
                    + "http://127.0.0.1:8080/api/v1"
            }
            return Self.configurationProblem(baseURL: url, apiToken: APIConfiguration.seriesAPIToken)
        case .apiToken:
            return Self.configurationProblem(baseURL: loopback, apiToken: value)
        }
    }

    private static func configurationProblem(baseURL: URL, apiToken: String) -> String? {
        do {
            _ = try APIConfiguration(baseURL: baseURL, apiToken: apiToken)
            return nil
        } catch {
            return error.description
        }
    }
}
