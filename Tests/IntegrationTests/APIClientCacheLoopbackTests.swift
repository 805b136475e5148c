import CocoacastsAPI
import Domain
import FileResponseCache
import Foundation
import PortContracts
import Ports
import Stores
import Stubs
import Testing

/// A clock a test moves by hand.
@Suite("APIClient with a file cache against Scripts/mock-api over loopback")
struct APIClientCacheLoopbackTests {
    /// The configuration of a client of `server`.
    static func configuration(_ server: MockAPIServer, timeout: TimeInterval = 5) throws -> APIConfiguration {
        try APIConfiguration(
            baseURL: server.baseURL, apiToken: APIConfiguration.seriesAPIToken, timeout: timeout,
            retryPolicy: RetryPolicy(maximumAttempts: 3, baseDelay: 0.05, maximumDelay: 1))
    }

    /// A client of `server` whose catalogue is saved in `directory`, dated by `clock`.
    static func client(
        _ server: MockAPIServer, _ directory: TemporaryDirectory, _ clock: TestClock, timeout: TimeInterval = 5
    ) throws -> (client: APIClient, cache: FileResponseCache, store: KeyValueTokenStore) {
        let cache = FileResponseCache(directory: directory.file("cocoacasts"))
        let store = KeyValueTokenStore(store: InMemoryKeyValueStore())
        let client = APIClient(
            configuration: try configuration(server, timeout: timeout), accessTokenProvider: store,
            tokenStore: store, transport: PlatformTransport.make(), cache: cache, now: { clock.now })
        return (client, cache, store)
    }

    static func key(_ server: MockAPIServer) throws -> ResponseCacheKey {
        try configuration(server).catalogueKey
    }

    @Test func withinMaxAgeNoRequestIsSent() async throws {
        try await TemporaryDirectory.with { directory in
            try await MockAPIServer.with { server in
                let clock = TestClock()
                let (client, _, _) = try Self.client(server, directory, clock)
                let first = try await client.catalogue(policy: .normal)
                clock.advance(by: 59)
                let second = try await client.catalogue(policy: .normal)
                #expect(first.source == .network)
                #expect(second.source == .fresh(savedAt: clock.now - 59))
                #expect(second.episodes == first.episodes)
                #expect(try await server.admin.count(MockAPIRoute.episodes) == 1)
            }
        }
    }

    @Test func afterMaxAgeTheNextFetchSendsIfNoneMatchAndGetsA304() async throws {
        try await TemporaryDirectory.with { directory in
            try await MockAPIServer.with { server in
                let clock = TestClock()
                let (client, cache, _) = try Self.client(server, directory, clock)
                let first = try await client.catalogue(policy: .normal)
                clock.advance(by: 61)
                let second = try await client.catalogue(policy: .normal)
                #expect(second == Catalogue(episodes: first.episodes, source: .network))
                #expect(try await server.admin.count(MockAPIRoute.notModified) == 1)
                let requests = try await server.admin.requests()
                #expect(requests.map { $0.headers.contains("if-none-match") } == [false, true])
                #expect(await cache.response(for: try Self.key(server))?.date == clock.now)  // confirmed, dated anew
                clock.advance(by: 30)
                #expect(try await client.catalogue(policy: .normal).source == .fresh(savedAt: clock.now - 30))
            }
        }
    }

    @Test func withTheServerStoppedTheSavedListIsTheAnswerWithItsAge() async throws {
        try await TemporaryDirectory.with { directory in
            let clock = TestClock()
            let saved = clock.now
            let (client, port, episodes) = try await MockAPIServer.with { server in
                let (client, _, _) = try Self.client(server, directory, clock, timeout: 2)
                return (client, server.port, try await client.catalogue(policy: .normal).episodes)
            }
            clock.advance(by: 2 * 3_600)
            let answer = try await client.catalogue(policy: .normal)
            #expect(answer.episodes == episodes)
            guard case .saved(let savedAt, let unreachable?) = answer.source else {
                Issue.record("not a saved answer: \(answer.source)")
                return
            }
            #expect(savedAt == saved)
            #expect(unreachable.kind == .unreachable)
            #expect(unreachable.description.contains("\(port)"))
            #expect(try await client.catalogue(policy: .offlineOnly).source == .saved(savedAt: saved, unreachable: nil))
        }
    }

    @Test func aServerErrorIsNeverAnsweredFromTheCache() async throws {
        try await TemporaryDirectory.with { directory in
            try await MockAPIServer.with { server in
                let clock = TestClock()
                let (client, _, _) = try Self.client(server, directory, clock)
                _ = try await client.catalogue(policy: .normal)
                clock.advance(by: 61)
                try await server.admin.inject(.status(404, route: MockAPIRoute.episodes))
                await #expect(throws: APIError.failedRequest(.status(404, reason: "Injected fault"))) {
                    try await client.catalogue(policy: .normal)
                }
            }
        }
    }

    @Test func noStoreLeavesNothingOnDiskAndRemovesWhatWasSaved() async throws {
        try await TemporaryDirectory.with { directory in
            try await MockAPIServer.with { server in
                let clock = TestClock()
                let (client, cache, _) = try Self.client(server, directory, clock)
                _ = try await client.catalogue(policy: .normal)
                #expect(try await cache.summary().entryCount == 1)
                try await server.admin.setCacheControl("no-store")
                clock.advance(by: 61)
                #expect(try await client.catalogue(policy: .normal).source == .network)
                #expect(try await cache.summary().entryCount == 0)
                clock.advance(by: 1)
                _ = try await client.catalogue(policy: .normal)
                #expect(try await cache.summary().entryCount == 0)
                #expect(try await server.admin.count(MockAPIRoute.episodes) == 3)
            }
        }
    }

    @Test func aVideoIsNeverSaved() async throws {
        try await TemporaryDirectory.with { directory in
            try await MockAPIServer.with { server in
                let (client, cache, _) = try Self.client(server, directory, TestClock())
                try await client.signIn(email: DemoAccount.email, password: DemoAccount.password)
                _ = try await client.video(id: "632759499")
                _ = try await client.progressForVideo(id: "632759499")
                #expect(try await cache.summary().entryCount == 0)
                #expect(!FileManager.default.fileExists(atPath: cache.directory.path))
            }
        }
    }

    @Test func aCorruptFileIsIgnoredAndReplaced() async throws {
        try await TemporaryDirectory.with { directory in
            try await MockAPIServer.with { server in
                let (client, cache, _) = try Self.client(server, directory, TestClock())
                _ = try await client.catalogue(policy: .normal)
                let file = cache.file(for: try Self.key(server))
                try Data("{\"version\":1,\"garbage".utf8).write(to: file)
                #expect(try await client.catalogue(policy: .normal).source == .network)
                #expect(await cache.response(for: try Self.key(server)) != nil)
                #expect(try await server.admin.requests().last?.headers.contains("if-none-match") == false)
            }
        }
    }

    @Test func theDirectoryAndFilesArePrivate() async throws {
        try await TemporaryDirectory.with { directory in
            try await MockAPIServer.with { server in
                let (client, cache, _) = try Self.client(server, directory, TestClock())
                _ = try await client.catalogue(policy: .normal)
                #expect(try TemporaryDirectory.mode(of: cache.directory) == "700")
                #expect(try TemporaryDirectory.mode(of: cache.file(for: try Self.key(server))) == "600")
            }
        }
    }

    @Test func offlineOnlySendsNothingAndBypassNeitherReadsNorWrites() async throws {
        try await TemporaryDirectory.with { directory in
            try await MockAPIServer.with { server in
                let (client, cache, _) = try Self.client(server, directory, TestClock())
                await #expect(throws: APIError.nothingSaved) { try await client.catalogue(policy: .offlineOnly) }
                #expect(try await client.catalogue(policy: .bypass).source == .network)
                #expect(try await cache.summary().entryCount == 0)
                _ = try await client.catalogue(policy: .normal)
                #expect(try await client.catalogue(policy: .bypass).source == .network)
                #expect(try await server.admin.count(MockAPIRoute.episodes) == 3)
                #expect(try await server.admin.count(MockAPIRoute.notModified) == 0)
            }
        }
    }

    @Test func withoutACacheEveryPolicyButOfflineAsksTheServer() async throws {
        try await MockAPIServer.with { server in
            let store = KeyValueTokenStore(store: InMemoryKeyValueStore())
            let client = APIClient(
                configuration: try Self.configuration(server), tokenStore: store, transport: PlatformTransport.make())
            #expect(try await client.catalogue(policy: .normal).source == .network)
            #expect(try await client.catalogue(policy: .bypass).source == .network)
            await #expect(throws: APIError.nothingSaved) { try await client.catalogue(policy: .offlineOnly) }
            #expect(try await server.admin.count(MockAPIRoute.episodes) == 2)
        }
    }
}
