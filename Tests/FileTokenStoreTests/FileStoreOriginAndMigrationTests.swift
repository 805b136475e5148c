import Domain
import FileTokenStore
import Foundation
import PortContracts
import Ports
import Stores
import Testing

@Suite("FileTokenStore: tokens per origin, and migration from the earlier release")
struct FileStoreOriginAndMigrationTests {
    static func legacyFile(in directory: TemporaryDirectory) -> URL {
        directory.file("home/.cocoacasts/credentials")
    }

    static func writeLegacy(in directory: TemporaryDirectory, baseURL: String? = "http://127.0.0.1:8080/api/v1") throws
    {
        let lines =
            ["# cocoacasts 0.x", "access_token=legacy-access", "refresh_token=legacy-refresh"]
            + (baseURL.map { ["base_url=\($0)"] } ?? [])
        try StoreFixture.write(lines.joined(separator: "\n") + "\n", to: legacyFile(in: directory))
    }

    static let legacyPair = TokenPair(accessToken: "legacy-access", refreshToken: "legacy-refresh")

    static func migrating(in directory: TemporaryDirectory, origin: Origin = StoreFixture.origin) -> MigratingTokenStore
    {
        MigratingTokenStore(
            current: StoreFixture.store(in: directory, origin: origin),
            previous: KeyValueTokenStore.legacyCredentialsFile(at: legacyFile(in: directory), origin: origin))
    }

    @Test func tokensOfOneOriginAreNeverOfferedToAnother() async throws {
        try await TemporaryDirectory.with { directory in
            let local = StoreFixture.store(in: directory)
            let remote = StoreFixture.store(in: directory, origin: StoreFixture.otherOrigin)
            try await local.setTokens(SampleTokens.first)
            #expect(try await remote.tokens() == nil)
            try await remote.setTokens(SampleTokens.other)
            #expect(try await local.tokens() == SampleTokens.first)
            try await local.reset()
            #expect(try await remote.tokens() == SampleTokens.other)
        }
    }

    @Test func readsFallBackToTheLegacyFileWithoutWriting() async throws {
        try await TemporaryDirectory.with { directory in
            try Self.writeLegacy(in: directory)
            #expect(try await Self.migrating(in: directory).tokens() == Self.legacyPair)
            #expect(!FileManager.default.fileExists(atPath: StoreFixture.credentials(in: directory).path))
        }
    }

    @Test func theFirstWriteMovesTheTokensAndRemovesTheLegacyFile() async throws {
        try await TemporaryDirectory.with { directory in
            try Self.writeLegacy(in: directory)
            try await Self.migrating(in: directory).setTokens(SampleTokens.second)
            #expect(try await StoreFixture.store(in: directory).tokens() == SampleTokens.second)
            #expect(!FileManager.default.fileExists(atPath: Self.legacyFile(in: directory).path))
        }
    }

    @Test func legacyTokensOfAnotherServerStayWhereTheyAre() async throws {
        try await TemporaryDirectory.with { directory in
            try Self.writeLegacy(in: directory, baseURL: nil)  // the Cocoacasts series' API, the only server 0.x knew
            let migrating = Self.migrating(in: directory)
            #expect(try await migrating.tokens() == nil)
            try await migrating.setTokens(SampleTokens.first)
            #expect(FileManager.default.fileExists(atPath: Self.legacyFile(in: directory).path))
            let series = Origin(CredentialsFormat.legacySeriesBaseURL)!
            #expect(try await Self.migrating(in: directory, origin: series).tokens() == Self.legacyPair)
        }
    }

    @Test func concurrentMigratingRefreshesCallTheServerOnceAndLoseNothing() async throws {
        try await TemporaryDirectory.with { directory in
            try Self.writeLegacy(in: directory)
            let calls = CallRecorder<String>()
            let results = try await withThrowingTaskGroup(of: TokenPair.self) { group in
                for _ in 0..<8 {
                    let store = Self.migrating(in: directory)  // each with its own locks, as separate processes
                    group.addTask {
                        try await store.refreshTokens(replacing: "legacy-access") { refreshToken in
                            calls.record(refreshToken)
                            try? await Task.sleep(for: .milliseconds(50))
                            return SampleTokens.second
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(calls.calls == ["legacy-refresh"])
            #expect(results.allSatisfy { $0 == SampleTokens.second })
            #expect(try await StoreFixture.store(in: directory).tokens() == SampleTokens.second)
            #expect(!FileManager.default.fileExists(atPath: Self.legacyFile(in: directory).path))
        }
    }

    @Test func aBrokenLegacyFileIsAnErrorOnlyWhenItIsNeeded() async throws {
        try await TemporaryDirectory.with { directory in
            try StoreFixture.write("this is not the format", to: Self.legacyFile(in: directory))
            let migrating = Self.migrating(in: directory)
            await #expect(throws: StoreError.self) { try await migrating.tokens() }
            try await StoreFixture.store(in: directory).setTokens(SampleTokens.first)
            #expect(try await migrating.tokens() == SampleTokens.first)
        }
    }
}
