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

    /// The lock, taken, as what releases it when the run ends; `nil` when another run holds it.
    func lock() async throws(StoreError) -> (() -> Void)? {
        try PrivateDirectory(path: directory).ensure()
        let lock = FileLock(path: directory + "/sync.lock", timeout: .zero)
        do throws(StoreError) {
            let descriptor = try await lock.acquire()
            return { lock.release(descriptor) }
        } catch {
            if case .lockTimeout = error { return nil }
            throw error
        }
    }

    /// The last run against `server`, when one was noted.
    func last(of server: String) async throws(StoreError) -> LastSync? {
        guard let text = try await record.value(forKey: server) else { return nil }
        do {
            return try JSONDecoder().decode(LastSync.self, from: Data(text.utf8))
        } catch {
            throw .corrupt(path: directory + "/sync.json", detail: "its record of \(server) cannot be read: \(error)")
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
    /// Why no plan could be made (the server could not be reached, say); `nil` when one was.
    var problem: String?

    init(_ report: SyncReport, status: ExitCode, at date: Date = Date()) {
        let ready = report.kept.map { $0.copy?.bytes ?? 0 } + report.fetched.map { $0.copy?.bytes ?? 0 }
        (at, self.status) = (date.timeIntervalSince1970, status.rawValue)
        (self.ready, bytes) = (ready.count, ready.reduce(0, +))
        (fetched, removed, failed) = (report.fetched.count, report.removed.count, report.failed.count)
    }

    /// A run that made no plan, and why: nothing was removed or fetched.
    init(failed status: ExitCode, problem: String, at date: Date = Date()) {
        (at, self.status, self.problem) = (date.timeIntervalSince1970, status.rawValue, problem)
        (ready, bytes, fetched, removed, failed) = (0, 0, 0, 0, 0)
    }

    /// `2 hours ago: 3 episodes ready (12.3 MB), 1 fetched, 1 removed`, then what failed and the
    /// exit status; for a run that made no plan, why, and that nothing changed.
    func summary(now: Date) -> String {
        let age = RelativeAge.phrase(from: Date(timeIntervalSince1970: at), to: now)
        if let problem {
            return "\(age): \(TerminalText.sanitized(problem)) (exit \(status)); nothing was removed or fetched"
        }
        let episodes = ready == 1 ? "1 episode" : "\(ready) episodes"
        let failures = failed == 0 ? "" : ", \(failed) failed"
        let exit = status == 0 ? "" : " (exit \(status))"
        return
            "\(age): \(episodes) ready (\(ByteSize.text(bytes))), \(fetched) fetched, \(removed) removed\(failures)\(exit)"
    }
}
