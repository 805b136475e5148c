import Domain
import FileTokenStore
import Foundation
import PortContracts
import Ports
import Stores
import Testing

@Suite("FileTokenStore on disk: permissions, corruption, crashes")
struct FileStoreSafetyTests {
    @Test func newFilesAndDirectoriesArePrivate() async throws {
        try await TemporaryDirectory.with { directory in
            try await StoreFixture.store(in: directory).setTokens(SampleTokens.first)
            let file = StoreFixture.credentials(in: directory)
            #expect(try TemporaryDirectory.mode(of: file) == "600")
            #expect(try TemporaryDirectory.mode(of: file.deletingLastPathComponent()) == "700")
            #expect(try TemporaryDirectory.mode(of: URL(fileURLWithPath: file.path + ".lock")) == "600")
        }
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o666])
    func aFileOthersCanReadIsRefusedAndLeftAlone(mode: Int) async throws {
        try await TemporaryDirectory.with { directory in
            let store = StoreFixture.store(in: directory)
            try await store.setTokens(SampleTokens.first)
            let file = StoreFixture.credentials(in: directory)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            let before = try Data(contentsOf: file)
            let refusal = StoreError.insecurePermissions(path: file.path, mode: String(mode, radix: 8))
            await #expect(throws: refusal) { try await store.tokens() }
            await #expect(throws: refusal) { try await store.reset() }
            #expect(refusal.description.contains("chmod 600 \(file.path)"))
            #expect(try Data(contentsOf: file) == before)
        }
    }

    @Test(arguments: ["{not json", "", "[]", #"{"version": 2, "values": {}}"#, "\u{0}\u{1}binary"])
    func aCorruptFileIsAnErrorThatLosesNothing(content: String) async throws {
        try await TemporaryDirectory.with { directory in
            let file = StoreFixture.credentials(in: directory)
            try StoreFixture.write(content, to: file)
            let store = StoreFixture.store(in: directory)
            let error = await #expect(throws: StoreError.self) { try await store.tokens() }
            if case .corrupt(let path, _)? = error {
                #expect(path == file.path)
            } else {
                Issue.record("expected a corrupt-file error, got \(String(describing: error))")
            }
            await #expect(throws: StoreError.self) { try await store.accessToken }  // never "signed out"
            await #expect(throws: StoreError.self) {
                try await store.setSessionIfAbsent(StoredSession(tokens: SampleTokens.first))
            }
            await #expect(throws: TokenRefreshError.self) {
                try await store.refreshTokens(replacing: "a") { _ in SampleTokens.second }
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == content)
        }
    }

    @Test func signingInOverACorruptFileMovesItAsideAndSaysSo() async throws {
        try await TemporaryDirectory.with { directory in
            let file = StoreFixture.credentials(in: directory)
            try StoreFixture.write("{not json", to: file)
            let notices = CallRecorder<String>()
            let store = StoreFixture.store(in: directory) { notices.record($0) }
            try await store.setTokens(SampleTokens.first)
            #expect(try await store.tokens() == SampleTokens.first)
            let aside = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
                .filter { $0.hasPrefix("credentials.json.corrupt-") }
            #expect(aside.count == 1)
            // Stamped in ISO 8601's basic format, UTC, to the second: it sorts by time as text.
            #expect(
                aside.first?.wholeMatch(of: /credentials\.json\.corrupt-\d{8}T\d{6}Z/) != nil,
                "\(aside)")
            let moved = file.deletingLastPathComponent().appendingPathComponent(aside[0])
            #expect(try String(contentsOf: moved, encoding: .utf8) == "{not json")
            #expect(notices.calls.count == 1)
            #expect(notices.calls.first?.contains(moved.path) == true)
        }
    }

    /// Whoever signs out of a file that does not parse wants out: it is set aside, as a sign-in does.
    @Test func signingOutOfACorruptFileMovesItAsideAndSaysSo() async throws {
        try await TemporaryDirectory.with { directory in
            let file = StoreFixture.credentials(in: directory)
            try StoreFixture.write("{not json", to: file)
            let notices = CallRecorder<String>()
            let store = StoreFixture.store(in: directory) { notices.record($0) }
            try await store.reset()
            #expect(try await store.tokens() == nil)
            let aside = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
                .filter { $0.hasPrefix("credentials.json.corrupt-") }
            #expect(aside.count == 1)
            let moved = file.deletingLastPathComponent().appendingPathComponent(aside.first ?? "-")
            #expect(try String(contentsOf: moved, encoding: .utf8) == "{not json")
            #expect(notices.calls.count == 1 && notices.calls.first?.contains(moved.path) == true)
        }
    }

    @Test func aWriteKilledBeforeItsRenameLeavesTheOldContent() async throws {
        try await TemporaryDirectory.with { directory in
            let store = StoreFixture.store(in: directory)
            try await store.setTokens(SampleTokens.first)
            // A writer died after writing half a temporary file and before renaming it.
            let folder = StoreFixture.credentials(in: directory).deletingLastPathComponent()
            let abandoned = folder.appendingPathComponent(".credentials.json.tmp-99999-1")
            try StoreFixture.write(#"{"version": 1, "values": {"http://127.0.0.1:8080#acc"#, to: abandoned)
            #expect(try await store.tokens() == SampleTokens.first)
            #expect(try await StoreFixture.store(in: directory).tokens() == SampleTokens.first)
            // The next write cleans the abandoned file up.
            try await store.setTokens(SampleTokens.second)
            #expect(!FileManager.default.fileExists(atPath: abandoned.path))
            #expect(try await store.tokens() == SampleTokens.second)
        }
    }

    @Test func anUnreadableFileIsAnErrorNotASignOut() async throws {
        try await TemporaryDirectory.with { directory in
            let file = StoreFixture.credentials(in: directory)
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
            let store = StoreFixture.store(in: directory)
            await #expect(throws: StoreError.self) { try await store.tokens() }
            await #expect(throws: StoreError.self) { try await store.setTokens(SampleTokens.first) }
            #expect(FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func linksPipesAndOtherUsersFilesAreRefusedNotFollowed() async throws {
        try await TemporaryDirectory.with { directory in
            let file = StoreFixture.credentials(in: directory)
            try StoreFixture.write(#"{"version": 1, "values": {}}"#, to: directory.file("elsewhere.json"))
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: file, withDestinationURL: directory.file("elsewhere.json"))
            await #expect(throws: StoreError.io(path: file.path, detail: "it is a symbolic link")) {
                try await StoreFixture.store(in: directory).tokens()
            }
            try FileManager.default.removeItem(at: file)
            #expect(mkfifo(file.path, 0o600) == 0)
            await #expect(throws: StoreError.io(path: file.path, detail: "it is not a file")) {
                try await StoreFixture.store(in: directory).tokens()
            }
            try FileManager.default.removeItem(at: file)
            try StoreFixture.write(#"{"version": 1, "values": {}}"#, to: file)
            if geteuid() == 0 {  // only root can give a file away
                #expect(chown(file.path, 65_534, 65_534) == 0)
                await #expect(throws: StoreError.io(path: file.path, detail: "it belongs to another user")) {
                    try await StoreFixture.store(in: directory).tokens()
                }
            }
        }
    }

    @Test func signingOutWithNoFileCreatesNothing() async throws {
        try await TemporaryDirectory.with { directory in
            try await StoreFixture.store(in: directory).reset()
            #expect(
                !FileManager.default.fileExists(
                    atPath: StoreFixture.credentials(in: directory).deletingLastPathComponent().path))
        }
    }

    @Test func aHeldLockIsWaitedForThenGivenUpOnWithAClearError() async throws {
        try await TemporaryDirectory.with { directory in
            let store = StoreFixture.store(in: directory, lockTimeout: .milliseconds(300))
            try await store.setTokens(SampleTokens.first)
            let lockPath = StoreFixture.credentials(in: directory).path + ".lock"
            let holder = open(lockPath, O_RDWR)
            #expect(flock(holder, LOCK_EX) == 0)
            let clock = ContinuousClock()
            let start = clock.now
            await #expect(throws: StoreError.lockTimeout(path: lockPath, seconds: 0.3)) {
                try await store.setTokens(SampleTokens.second)
            }
            await #expect(throws: TokenRefreshError.store(.lockTimeout(path: lockPath, seconds: 0.3))) {
                try await store.refreshTokens(replacing: SampleTokens.first.accessToken) { _ in SampleTokens.second }
            }
            // It gives up instead of hanging. The bound is loose: with 2 cores and the whole suite
            // running, a suspended task waited 22 s for a free thread of the concurrency runtime.
            #expect(clock.now - start < .seconds(90))
            close(holder)
            try await store.setTokens(SampleTokens.second)
            #expect(try await store.tokens() == SampleTokens.second)
        }
    }
}
