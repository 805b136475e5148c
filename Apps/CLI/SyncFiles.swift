import Domain
import Ports
import Presentation
import PrivateFiles
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where `sync` notes its last run for `status` (`sync.json`, a record per server) and the
/// lock that lets one run at a time (`sync.lock`): both 0600 in the token file's private folder.
struct SyncFiles: Sendable {
    let directory: String
    let record: any KeyValueStore

    /// The lock, taken; `nil` when another run holds it.
    func lock() async throws(StoreError) -> HeldLock? {
        try PrivateDirectory(path: directory).ensure()
        let lock = FileLock(path: directory + "/sync.lock", timeout: .zero)
        do throws(StoreError) {
            return HeldLock(lock: lock, descriptor: try await lock.acquire())
        } catch {
            if case .lockTimeout = error { return nil }
            throw error
        }
    }

    /// The lock of a run, released when it ends.
    struct HeldLock {
        let lock: FileLock
        let descriptor: Int32

        func release() {
            lock.release(descriptor)
        }
    }

    /// The last run against `server`, when one was noted.
    func last(of server: String) async throws(StoreError) -> LastSync? {
        guard let text = try await record.value(forKey: server) else { return nil }
        do {
            return try JSONDecoder().decode(LastSync.self, from: Data(text.utf8))
        } catch {
            throw .corrupt(path: directory + "/sync.json", detail: "its record of \(server) cannot be read")
        }
    }

    /// Notes `run` as the last against `server`.
    func note(_ run: LastSync, of server: String) async throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data: Data
        do {
            data = try encoder.encode(run)
        } catch {
            throw .io(path: directory + "/sync.json", detail: "\(error)")
        }
        try await record.setValue(String(decoding: data, as: UTF8.self), forKey: server)
    }
}

/// What a run of `sync` left, as `status` says it.
struct LastSync: Codable, Equatable {
    /// When it ended, in seconds since 1970 (as `status` writes times).
    let at: Double
    let status: Int32
    /// Episodes ready on this machine when it ended, and their bytes.
    let ready: Int
    let bytes: Int
    let fetched: Int
    let removed: Int
    let failed: Int

    /// `2 hours ago: 3 episodes ready (12.3 MB), 1 fetched, 1 removed`, then what failed and the exit status.
    func summary(now: Date) -> String {
        let episodes = ready == 1 ? "1 episode" : "\(ready) episodes"
        let failures = failed == 0 ? "" : ", \(failed) failed"
        let exit = status == 0 ? "" : " (exit \(status))"
        return "\(RelativeAge.phrase(from: Date(timeIntervalSince1970: at), to: now)): \(episodes) ready "
            + "(\(ByteSize.text(bytes))), \(fetched) fetched, \(removed) removed\(failures)\(exit)"
    }
}
