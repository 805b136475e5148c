import Domain
import FileTokenStore
import Foundation
import PortContracts
import Ports
import Stores
import Subprocesses
import TestSupport
import Testing

@Suite("FileTokenStore survives hostile files and killed writers")
struct FileStoreCrashTests {
    @Test func randomBytesAreACorruptStoreNeverACrashOrASignOut() async throws {
        try await TemporaryDirectory.with { directory in
            var random = SeededGenerator(seed: 74)
            let file = StoreFixture.credentials(in: directory)
            let store = StoreFixture.store(in: directory)
            for _ in 0..<2_000 {
                let bytes = (0..<Int.random(in: 0...512, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                let written = FileManager.default.createFile(
                    atPath: file.path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
                #expect(written)
                let error = await #expect(throws: StoreError.self) { try await store.tokens() }
                guard case .corrupt(let path, _)? = error else {
                    Issue.record(
                        "expected a corrupt-store error for \(bytes.count) random bytes, got \(String(describing: error))"
                    )
                    return
                }
                #expect(path == file.path)
                #expect(try Data(contentsOf: file) == Data(bytes))
            }
        }
    }

    @Test func aWriterKilledAtRandomMomentsLeavesTheOldOrTheNewPair() async throws {
        try await TemporaryDirectory.with { directory in
            var random = SeededGenerator(seed: 9)
            let file = StoreFixture.credentials(in: directory).path
            let reader = StoreFixture.store(in: directory)
            for round in 0..<100 {
                let first = round * 1_000_000
                let writer = try SpawnedProcess(
                    BuiltProduct.url(named: "token-store-worker").path,
                    ["write-forever", file, "http://127.0.0.1:8080/api/v1", "\(first)"], stdout: .pipe)
                // Killed at a random moment after its first write, mid-way through later ones.
                let written = try #require(writer.subprocess.standardOutput)
                #expect(await PipeTraffic.firstLine(of: written, until: .now + .seconds(60)) != nil)
                try await Task.sleep(for: .microseconds(Int.random(in: 0...20_000, using: &random)))
                await writer.killGroup()
                #expect(writer.subprocess.exitStatus == .signalled(SIGKILL))
                let pair = try #require(try await reader.tokens(), "round \(round): the store lost its pair")
                #expect(pair.accessToken == pair.refreshToken && pair.accessToken.hasPrefix("k"))
                let index = Int(pair.accessToken.dropFirst()) ?? -1
                #expect(
                    index >= first, "round \(round): holds \(pair.accessToken), older than this round's first write")
            }
        }
    }
}
