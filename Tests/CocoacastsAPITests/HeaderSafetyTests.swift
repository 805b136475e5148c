import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Stubs
import Testing

/// A credential with a line break would end its header and start one of its own; the
/// client refuses it wherever it comes from, before anything is sent or stored.
@Suite("APIClient sends no credential a header cannot carry")
struct HeaderSafetyTests {
    static let unsafe = [
        "abc\r\nX-Injected: yes", "abc\ndef", "with space", "tab\there", "é", "", String(repeating: "a", count: 4097),
    ]

    @Test(arguments: unsafe)
    func anUnsafeAPITokenIsRefused(token: String) throws {
        #expect(throws: ConfigurationError.unsafeAPIToken) {
            try APIConfiguration(baseURL: try #require(URL(string: "https://a.example/api")), apiToken: token)
        }
    }

    @Test(arguments: unsafe.filter { !$0.isEmpty })
    func anUnsafeStoredAccessTokenIsNeverSent(token: String) async {
        let transport = TestClient.fixture("video")
        let refused = APIError.unknown(
            .invalidRequest("the stored access token holds characters a header cannot carry; sign in again"))
        await #expect(throws: refused) { try await TestClient.make(transport, accessToken: token).video(id: "1") }
        #expect(transport.requests.isEmpty)
    }

    @Test(arguments: ["accessToken", "refreshToken"])
    func aSignInThatIssuesAnUnsafeTokenIsAnInvalidResponse(field: String) async throws {
        var pair = ["accessToken": "a-1", "refreshToken": "r-1"]
        pair[field, default: ""] += "\r\nX-Injected: yes"
        let transport = SpyTransport(status: 200, body: try JSONEncoder().encode(pair))
        let refused = APIError.invalidResponse(
            .undecodable("the field \(field) holds characters a header cannot carry"))
        await #expect(throws: refused) { try await TestClient.make(transport).signIn(email: "e@x.io", password: "p") }
    }

    @Test func aRefreshThatIssuesAnUnsafeTokenKeepsTheOldPair() async throws {
        let transport = SpyTransport { request in
            if request.url.path.hasSuffix("/auth/refresh") {
                let body = Data(#"{"accessToken": "a-2\r\nX-Injected: yes", "refreshToken": "r-2"}"#.utf8)
                return SpyTransport.response(to: request, status: 200, body: body)
            }
            return SpyTransport.response(to: request, status: 401)
        }
        let store = KeyValueTokenStore(store: InMemoryKeyValueStore())
        try await store.setTokens(SampleTokens.first)
        let error = await #expect(throws: APIError.self) {
            try await TestClient.make(transport, tokenStore: store).video(id: "1")
        }
        #expect(error?.kind == .invalidResponse)
        #expect(try await store.tokens() == SampleTokens.first)
        #expect(transport.requests.count == 2)
    }
}
