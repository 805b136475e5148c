import CocoacastsAPI
import CurlTransport
import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Stubs
import Testing
import URLSessionTransport

/// Every request names its client, as gh and curl do: the layer and its transport by
/// default, the app's own name when it gives one. Checked where it counts, in the
/// server's request log over loopback.
@Suite("APIClient over loopback TCP: the User-Agent")
struct UserAgentTests {
    /// Signs in, then makes a call that must refresh, so that the sign-in, a plain request,
    /// the refresh and its replay all go out; returns the User-Agent of each request logged.
    static func userAgents(
        of server: MockAPIServer, transport: any HTTPTransport, userAgent: String? = nil
    ) async throws -> [String?] {
        let configuration = try APIConfiguration(
            baseURL: server.baseURL, apiToken: APIConfiguration.seriesAPIToken, userAgent: userAgent)
        let store = KeyValueTokenStore(store: InMemoryKeyValueStore())
        let client = APIClient(configuration: configuration, tokenStore: store, transport: transport)
        try await client.signIn(email: DemoAccount.email, password: DemoAccount.password)
        _ = try await client.episodes()
        try await server.admin.expireAccessTokens()
        _ = try await client.video(id: MockAPIContract.knownVideoID)
        let log = try await server.admin.requests()
        #expect(log.count == 5, "sign-in, episodes, a refused video, the refresh, the video: \(log.map(\.path))")
        return log.map(\.userAgent)
    }

    @Test func overLibcurlTheLayerAndCurlsVersionAreNamed() async throws {
        try await MockAPIServer.with { server async throws in
            let agents = try await Self.userAgents(of: server, transport: CurlTransport())
            let first = try #require(agents.first ?? nil)
            #expect(first.hasPrefix("CocoacastsNetworking/1.0 (libcurl/") && first.hasSuffix(")"), "\(first)")
            #expect(first.dropFirst("CocoacastsNetworking/1.0 (libcurl/".count).first?.isNumber == true)
            #expect(agents.allSatisfy { $0 == first })
        }
    }

    @Test func overURLSessionTheLayerAndURLSessionAreNamed() async throws {
        try await MockAPIServer.with { server async throws in
            let agents = try await Self.userAgents(of: server, transport: URLSessionTransport())
            #expect(agents == Array(repeating: "CocoacastsNetworking/1.0 (URLSession)", count: 5))
        }
    }

    @Test(arguments: ["MyApp/2.1", "MyApp/2.1 (iPhone; iOS 18.0) CocoacastsNetworking/1.0"])
    func anAppsOwnUserAgentWinsOnEveryRequest(userAgent: String) async throws {
        try await MockAPIServer.with { server async throws in
            let agents = try await Self.userAgents(of: server, transport: CurlTransport(), userAgent: userAgent)
            #expect(agents == Array(repeating: userAgent, count: 5))
        }
    }

    @Test func theURLSessionTransportNamesItsEngine() {
        #expect(URLSessionTransport().engine == "URLSession")
    }
}
