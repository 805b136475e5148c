import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Stubs
import Testing

/// The observer hears what the saved catalogue decided, so `--verbose` can say it.
@Suite("APIClient tells its observer what the cache decided")
struct APIClientCacheEventTests {
    private static func decisions(
        saved age: TimeInterval?, transport: SpyTransport, policy: CachePolicy = .normal
    ) async throws -> [APIClientEvent.CacheDecision] {
        let clock = TestClock()
        let key = APIClientCacheTests.key
        let entries = try age.map { [key: try APIClientCacheTests.saved(entityTag: "\"v1\"", at: clock.now - $0)] }
        let cache = InMemoryResponseCache(entries: entries ?? [:])
        let events = CallRecorder<APIClientEvent>()
        let client = APIClient(
            configuration: TestClient.configuration(retryPolicy: .none),
            accessTokenProvider: SpyAccessTokenProvider(nil), transport: transport,
            observer: ClosureObserver { events.record($0) }, cache: cache, now: { clock.now })
        _ = try await client.catalogue(policy: policy)
        return events.calls.compactMap { if case .cache(let decision) = $0 { decision } else { nil } }
    }

    @Test func freshRevalidatedStoredOfflineAndOfflineOnly() async throws {
        #expect(
            try await Self.decisions(saved: 10, transport: SpyTransport(status: 500)) == [.fresh(age: .seconds(10))])
        #expect(try await Self.decisions(saved: 61, transport: SpyTransport(status: 304)) == [.revalidated])
        #expect(try await Self.decisions(saved: nil, transport: TestClient.fixture("episodes")) == [.stored])
        let unreachable = SpyTransport { _ in throw TransportError(.cannotConnect, "Couldn't connect to server") }
        #expect(try await Self.decisions(saved: 61, transport: unreachable) == [.offline(age: .seconds(61))])
        #expect(
            try await Self.decisions(saved: 5, transport: unreachable, policy: .offlineOnly) == [
                .offlineOnly(age: .seconds(5))
            ])
    }
}
