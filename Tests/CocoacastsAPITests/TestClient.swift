import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports

/// Builds clients over test doubles for the unit tests.
enum TestClient {
    static let baseURL = URL(string: "https://api.example.com/api/v1")!
    static let apiToken = "api-token-value"

    static func configuration(retryPolicy: RetryPolicy = .standard, maximumResponseSize: Int = 10 << 20)
        -> APIConfiguration
    {
        // The base URL is https, so the configuration is valid.
        try! APIConfiguration(
            baseURL: baseURL, apiToken: apiToken, timeout: 5, maximumResponseSize: maximumResponseSize,
            retryPolicy: retryPolicy)
    }

    /// A client with a fixed access token and no refresh.
    static func make(
        _ transport: SpyTransport, accessToken: String? = "access-1", retryPolicy: RetryPolicy = .standard,
        observer: (any APIClientObserver)? = nil, sleeps: CallRecorder<Duration> = CallRecorder()
    ) -> APIClient {
        APIClient(
            configuration: configuration(retryPolicy: retryPolicy),
            accessTokenProvider: SpyAccessTokenProvider(accessToken),
            transport: transport, observer: observer, sleep: { sleeps.record($0) })
    }

    /// A client whose token store refreshes.
    static func make(_ transport: SpyTransport, tokenStore: any TokenStore) -> APIClient {
        APIClient(configuration: configuration(), tokenStore: tokenStore, transport: transport)
    }

    /// Answers with `fixture`'s bytes.
    static func fixture(_ name: String, status: Int = 200) -> SpyTransport {
        let body = (try? Fixtures.data(named: name)) ?? Data()
        return SpyTransport(status: status, body: body)
    }
}

extension HTTPRequest {
    /// The path as sent, still percent-encoded.
    var encodedPath: String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath
    }
}
