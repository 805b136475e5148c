import Domain
import FileTokenStore
import Foundation
import FoundationHTTP
import Ports
import Stubs

/// What a command runs with.
struct Services {
    /// The API, always the real `APIClient`.
    let api: any APIService
    /// Where the tokens are kept.
    let tokenStore: any TokenStore
    /// The server as the user should see it.
    let server: String
    /// Whether the API is the mock built into the binary.
    let isEmbedded: Bool
}

/// The only place that chooses adapters.
enum Composition {
    /// The services for `settings`: `APIClient` over `URLSessionTransport` for a base URL,
    /// or over the in-process mock API without one; tokens in the credentials file,
    /// migrated from the earlier release's file. A process waits for another's lock on
    /// the file a little longer than a request may take — long enough to wait out
    /// another process's refresh, no longer.
    static func make(
        _ settings: Settings, observer: (any APIClientObserver)?, notices: @escaping @Sendable (String) -> Void
    ) throws(ConfigurationError) -> Services {
        let storeURL =
            settings.storePath.map { URL(fileURLWithPath: $0) }
            ?? CredentialsLocation.defaultFile(environment: settings.environment)
        let configuration = try APIConfiguration(
            baseURL: settings.baseURL ?? StubAPITransport.embeddedBaseURL,
            apiToken: settings.apiToken ?? APIConfiguration.seriesAPIToken, timeout: settings.timeout)
        let transport: any HTTPTransport =
            if settings.baseURL == nil {
                StubAPITransport(
                    apiToken: APIConfiguration.seriesAPIToken,
                    state: FileKeyValueStore(
                        fileURL: storeURL.deletingLastPathComponent().appendingPathComponent("embedded-api.json")))
            } else {
                URLSessionTransport()
            }
        let tokenStore = MigratingTokenStore(
            current: KeyValueTokenStore.credentialsFile(
                at: storeURL, origin: configuration.origin, lockTimeout: .seconds(configuration.timeout + 5),
                notices: notices),
            previous: KeyValueTokenStore.legacyCredentialsFile(
                at: CredentialsLocation.legacyFile(environment: settings.environment), origin: configuration.origin),
            leftover: { notices("The earlier release's token file could not be removed: \($0)") })
        return make(
            configuration: configuration, transport: transport, tokenStore: tokenStore, observer: observer,
            isEmbedded: settings.baseURL == nil)
    }

    /// The services over any transport and token store; tests call this with an
    /// in-memory store and the transport they choose.
    static func make(
        configuration: APIConfiguration, transport: any HTTPTransport, tokenStore: any TokenStore,
        observer: (any APIClientObserver)?, isEmbedded: Bool
    ) -> Services {
        Services(
            api: APIClient(
                configuration: configuration, tokenStore: tokenStore, transport: transport, observer: observer),
            tokenStore: tokenStore,
            server: isEmbedded ? "the mock API built into cocoacasts" : configuration.baseURL.absoluteString,
            isEmbedded: isEmbedded)
    }
}
