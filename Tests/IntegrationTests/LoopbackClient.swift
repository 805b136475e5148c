import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Stubs
import TestSupport
import Testing

/// Clients of the real mock API server over loopback TCP.
///
/// A request's timeout is a minute unless a test says otherwise, far from the milliseconds one
/// takes: a call's redirects and retries stop at three timeouts from its start, and in a whole
/// run on a loaded machine a call's first exchange once took more than ten of its fifteen
/// seconds, so the redirect the test was about was never sent.
enum LoopbackClient {
    static let timeout: TimeInterval = 60

    static func configuration(
        _ server: MockAPIServer, timeout: TimeInterval = LoopbackClient.timeout, maximumResponseSize: Int = 10 << 20
    )
        throws -> APIConfiguration
    {
        try APIConfiguration(
            baseURL: server.baseURL, apiToken: APIConfiguration.seriesAPIToken, timeout: timeout,
            maximumResponseSize: maximumResponseSize,
            retryPolicy: RetryPolicy(maximumAttempts: 3, baseDelay: 0.05, maximumDelay: 1))
    }

    /// A client over the platform's transport with its own empty token store, whose every
    /// observed line is checked for the API token, the password and the tokens.
    static func make(
        _ server: MockAPIServer, timeout: TimeInterval = LoopbackClient.timeout, maximumResponseSize: Int = 10 << 20
    ) throws -> (client: APIClient, store: KeyValueTokenStore) {
        let values = InMemoryKeyValueStore()
        let store = KeyValueTokenStore(store: values)
        let configuration = try configuration(server, timeout: timeout, maximumResponseSize: maximumResponseSize)
        let audit = SecretAudit(secrets: [APIConfiguration.seriesAPIToken, DemoAccount.password])
        let observer = ClosureObserver { event in
            audit.remember(Array(values.values.values))
            audit.check(event.description)
        }
        return (
            APIClient(
                configuration: configuration, tokenStore: store, transport: PlatformTransport.make(), observer: observer
            ),
            store
        )
    }

    /// A client that is signed in as the demo user.
    static func signedIn(_ server: MockAPIServer, timeout: TimeInterval = LoopbackClient.timeout) async throws -> (
        client: APIClient, store: KeyValueTokenStore
    ) {
        let (client, store) = try make(server, timeout: timeout)
        try await client.signIn(email: DemoAccount.email, password: DemoAccount.password)
        return (client, store)
    }
}
