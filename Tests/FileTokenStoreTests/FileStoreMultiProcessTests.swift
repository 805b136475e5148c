import Domain
import FileTokenStore
import Foundation
import PortContracts
import Ports
import Stores
import TestSupport
import Testing

@Suite("FileTokenStore shared by several processes")
struct FileStoreMultiProcessTests {
    static let worker = BuiltProduct.url(named: "token-store-worker")
    static let origin = "http://127.0.0.1:8080/api/v1"

    @Test func eightWritersLeaveAFileThatParsesWithAValueOneOfThemWrote() async throws {
        try await TemporaryDirectory.with { directory in
            let file = StoreFixture.credentials(in: directory).path
            let outcomes = try await withThrowingTaskGroup(of: ChildProcess.Outcome.self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        try await ChildProcess.run(Self.worker, ["cycle", file, Self.origin, "\(worker)", "200"])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for outcome in outcomes {
                #expect(outcome.status == 0 && !outcome.timedOut, "\(outcome.stderr)")
            }
            let final = try #require(try await StoreFixture.store(in: directory).tokens())
            let lastWrites = (0..<8).map { "w\($0)-199" }
            #expect(lastWrites.contains(final.accessToken))
            #expect(final.refreshToken == final.accessToken)
        }
    }

    @Test func eightProcessesRefreshingOneStaleTokenCallTheServerOnce() async throws {
        try await TemporaryDirectory.with { directory in
            let file = StoreFixture.credentials(in: directory).path
            try await StoreFixture.store(in: directory).setTokens(SampleTokens.first)
            let calls = directory.file("refresh-calls").path
            #expect(FileManager.default.createFile(atPath: calls, contents: nil))
            let start = String(Date().timeIntervalSince1970 + 1.5)
            let arguments = ["refresh", file, Self.origin, SampleTokens.first.accessToken, calls, start]
            let outcomes = try await withThrowingTaskGroup(of: ChildProcess.Outcome.self) { group in
                for _ in 0..<8 { group.addTask { try await ChildProcess.run(Self.worker, arguments) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let stored = try #require(try await StoreFixture.store(in: directory).tokens())
            for outcome in outcomes {
                #expect(outcome.status == 0, "\(outcome.stderr)")
                #expect(outcome.stdout == stored.accessToken + "\n")
            }
            let callLines = try String(contentsOfFile: calls, encoding: .utf8).split(separator: "\n")
            #expect(callLines.count == 1)
            #expect(stored.accessToken.hasPrefix("refreshed-"))
        }
    }
}
