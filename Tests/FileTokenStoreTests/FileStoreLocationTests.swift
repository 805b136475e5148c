import Domain
import FileTokenStore
import Foundation
import PortContracts
import Ports
import Stores
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The store's directory and lock file, checked as ssh checks `~/.ssh`: another local
/// user must not be able to replace, remove or hold the tokens.
@Suite("FileTokenStore trusts no directory or lock file another user could use")
struct FileStoreLocationTests {
    /// A signed-in store whose directory exists.
    static func signedIn(in directory: TemporaryDirectory) async throws -> (KeyValueTokenStore, URL) {
        let store = StoreFixture.store(in: directory)
        try await store.setTokens(SampleTokens.first)
        return (StoreFixture.store(in: directory), StoreFixture.credentials(in: directory))
    }

    @Test(arguments: [0o777, 0o770, 0o720, 0o702, 0o1777])
    func aDirectoryOthersCanWriteIsRefused(mode: Int) async throws {
        try await TemporaryDirectory.with { directory in
            let (store, file) = try await Self.signedIn(in: directory)
            let folder = file.deletingLastPathComponent().path
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: folder)
            let before = try Data(contentsOf: file)
            let refusal = StoreError.untrustedLocation(
                path: folder, problem: "is writable by other users (mode \(String(mode, radix: 8)))",
                fix: "Run `chmod 700 \(folder)` and try again.")
            await #expect(throws: refusal) { try await store.tokens() }
            await #expect(throws: refusal) { try await store.setTokens(SampleTokens.second) }
            await #expect(throws: TokenRefreshError.store(refusal)) {
                try await store.refreshTokens(replacing: "access-1") { _ in SampleTokens.second }
            }
            #expect(try Data(contentsOf: file) == before)
        }
    }

    @Test func aDirectoryThatIsASymbolicLinkIsNotFollowed() async throws {
        try await TemporaryDirectory.with { directory in
            let elsewhere = directory.file("shared")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: elsewhere.path)
            let folder = StoreFixture.credentials(in: directory).deletingLastPathComponent()
            try FileManager.default.createDirectory(
                at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: elsewhere)
            let store = StoreFixture.store(in: directory)
            let error = await #expect(throws: StoreError.self) { try await store.setTokens(SampleTokens.first) }
            guard case .untrustedLocation(let path, let problem, _)? = error else {
                Issue.record("expected an untrusted location, got \(String(describing: error))")
                return
            }
            #expect(path == folder.path && problem == "is a symbolic link")
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        }
    }

    @Test func aLockFileThatIsASymbolicLinkCreatesNothingAtItsTarget() async throws {
        try await TemporaryDirectory.with { directory in
            let (store, file) = try await Self.signedIn(in: directory)
            let lock = file.path + ".lock"
            let target = directory.file("planted").path
            unlink(lock)
            try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: target)
            let refusal = StoreError.untrustedLocation(
                path: lock, problem: "is a symbolic link", fix: "Remove it (`rm \(lock)`) and try again.")
            await #expect(throws: refusal) { try await store.setTokens(SampleTokens.second) }
            #expect(!FileManager.default.fileExists(atPath: target))
            #expect(try await store.tokens() == SampleTokens.first)
        }
    }

    @Test func aLockFileOthersCanWriteIsRefused() async throws {
        try await TemporaryDirectory.with { directory in
            let (store, file) = try await Self.signedIn(in: directory)
            let lock = file.path + ".lock"
            try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: lock)
            let refusal = StoreError.untrustedLocation(
                path: lock, problem: "is writable by other users (mode 666)",
                fix: "Remove it (`rm \(lock)`) and try again.")
            await #expect(throws: refusal) { try await store.reset() }
            #expect(try await store.tokens() == SampleTokens.first)
        }
    }

    /// Only root can give a directory to another user, so this runs where the tests run as root (CI).
    @Test func aDirectoryOfAnotherUserIsRefused() async throws {
        guard geteuid() == 0 else { return try skip(because: "only root can give a directory away") }
        try await TemporaryDirectory.with { directory in
            let (store, file) = try await Self.signedIn(in: directory)
            let folder = file.deletingLastPathComponent().path
            #expect(chown(folder, 65_534, 65_534) == 0)
            let error = await #expect(throws: StoreError.self) { try await store.tokens() }
            guard case .untrustedLocation(_, let problem, _)? = error else {
                Issue.record("expected an untrusted location, got \(String(describing: error))")
                return
            }
            #expect(problem == "belongs to another user")
        }
    }

    /// Nothing to trust, nothing to refuse: a signed-out user with an open directory (an
    /// old `~/.cocoacasts` made under umask 002) still reads "signed out".
    @Test func anOpenDirectoryWithoutATokenFileReadsAsSignedOut() async throws {
        try await TemporaryDirectory.with { directory in
            let folder = StoreFixture.credentials(in: directory).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o775], ofItemAtPath: folder.path)
            #expect(try await StoreFixture.store(in: directory).tokens() == nil)
        }
    }

    /// The store would wait two minutes for the lock; cancelled, it ends with the
    /// cancellation, not the lock's timeout — and long before it, however busy the machine.
    @Test func aCancelledWaitForAnotherProcesssLockEndsAtOnce() async throws {
        try await TemporaryDirectory.with { directory in
            let (_, file) = try await Self.signedIn(in: directory)
            let store = StoreFixture.store(in: directory, lockTimeout: .seconds(120))
            let lockPath = file.path + ".lock"
            let lock = try await ProcessLock.hold(lockPath)
            let waiting = Task {
                try await store.refreshTokens(replacing: "access-1") { _ async throws(APIError) in SampleTokens.second }
            }
            try await Self.untilOpened(lockPath)  // the store waits on the lock now
            let cancelled = ContinuousClock.now
            waiting.cancel()
            let outcome = await waiting.result
            await lock.release()
            #expect(ContinuousClock.now - cancelled < .seconds(60))
            let cancelledWait = StoreError.io(path: lockPath, detail: "the wait for the lock was cancelled")
            #expect(throws: TokenRefreshError.store(cancelledWait)) { try outcome.get() }
            #expect(try await store.tokens() == SampleTokens.first)
        }
    }

    /// Returns once this process holds `path` open (the store began to wait on its lock), as
    /// `/proc/self/fd` says, within a minute; at once where there is no `/proc`.
    static func untilOpened(_ path: String) async throws {
        let descriptors = "/proc/self/fd"
        guard FileManager.default.fileExists(atPath: descriptors) else { return }
        for _ in 0..<1_200 {
            let open = try FileManager.default.contentsOfDirectory(atPath: descriptors).compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\($0)")
            }
            if open.contains(path) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the store never opened \(path)")
    }
}
