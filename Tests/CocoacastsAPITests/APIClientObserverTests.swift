import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Stubs
import Testing

@Suite("The observer sees every exchange, never a secret")
struct APIClientObserverTests {
    static let secrets = ["demo-password", "access-1", "refresh-1", "access-2", "refresh-2", TestClient.apiToken]

    @Test func requestsResponsesAndRefreshesAreReportedRedacted() async throws {
        let events = CallRecorder<APIClientEvent>()
        let store = KeyValueTokenStore(store: InMemoryKeyValueStore())
        try await store.setTokens(SampleTokens.first)
        let client = APIClient(
            configuration: TestClient.configuration(), tokenStore: store, transport: APIClientRefreshTests.server(),
            observer: ClosureObserver { events.record($0) })
        _ = try await client.video(id: "1")
        _ = try? await client.signIn(email: "demo@cocoacasts.com", password: "demo-password")
        let lines = events.calls.map(\.description)
        #expect(lines.contains { $0.hasPrefix("→ GET https://api.example.com/api/v1/videos/1") })
        #expect(lines.contains { $0.hasPrefix("← 401 GET https://api.example.com/api/v1/videos/1") })
        #expect(lines.contains { $0.hasPrefix("← 200 GET") && $0.contains(" ms)") })
        #expect(lines.contains("⟳ access token refused; refreshing"))
        #expect(lines.contains("⟳ refreshed"))
        #expect(
            lines.contains {
                $0.contains("Authorization: <redacted>") && $0.lowercased().contains("x-api-token: <redacted>")
            })
        for line in lines {
            for secret in Self.secrets { #expect(!line.contains(secret), "a secret leaked into: \(line.prefix(30))") }
            #expect(!line.contains("ZGVtb0Bjb2NvYWNhc3RzLmNvbTpkZW1vLXBhc3N3b3Jk"))  // the Basic credentials
        }
    }

    @Test func failuresRetriesAndRedirectsAreReported() async throws {
        let events = CallRecorder<APIClientEvent>()
        let calls = CallRecorder<Void>()
        let transport = SpyTransport { request in
            calls.record(())
            switch calls.count {
            case 1: throw TransportError(.connectionLost, "Connection reset by peer")
            case 2:
                return SpyTransport.response(
                    to: request, status: 307, headers: ["Location": "https://cdn.example/x?sig=abc"])
            default: return SpyTransport.response(to: request, status: 200, body: try Fixtures.data(named: "episodes"))
            }
        }
        _ = try await TestClient.make(transport, observer: ClosureObserver { events.record($0) }).episodes()
        let lines = events.calls.map(\.description)
        #expect(lines.contains { $0.hasPrefix("✗ GET") && $0.contains("unreachable") })
        #expect(lines.contains { $0.hasPrefix("↻ GET") && $0.contains("attempt 2") })
        #expect(lines.contains { $0.contains("https://cdn.example/x?<redacted> (credentials removed") })
        #expect(!lines.joined().contains("abc"))
    }
}
