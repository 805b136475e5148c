import Foundation
import MPVPlayer
import PortContracts
import TestSupport
import Testing

/// Real mpv, headless (see ``HeadlessMPV``), configured and given its runtime directory in
/// a fresh temporary directory; tests skip, saying what to install, where mpv is missing.
struct MPVFixture {
    let directory: TemporaryDirectory
    let environment: [String: String]
    let executable: String

    /// A secret the environment carries, which mpv must never receive.
    static let secret = "api-token-that-must-stay-here"

    /// Runs `body` with mpv configured by `configuration` (lines added to its `mpv.conf`).
    static func with(configuration: [String] = [], _ body: (MPVFixture) async throws -> Void) async throws {
        guard let executable = HeadlessMPV.executable else { return try skip(because: HeadlessMPV.installHint) }
        try await TemporaryDirectory.with { directory in
            var environment = try HeadlessMPV.environment(in: directory.url, configuration: configuration)
            environment["COCOACASTS_API_TOKEN"] = secret
            let fixture = MPVFixture(directory: directory, environment: environment, executable: executable)
            do {
                try await body(fixture)
                fixture.killLeftovers()
            } catch {
                fixture.killLeftovers()
                throw error
            }
        }
    }

    /// Kills any mpv a failed test left playing, so that none outlives the test run.
    private func killLeftovers() {
        for pid in processes() { kill(pid, SIGKILL) }
    }

    /// The player, detached from the terminal.
    func player(grace: Duration = .seconds(5)) -> MPVPlayer {
        MPVPlayer(executable: executable, environment: environment, terminal: .detached, grace: grace)
    }

    /// The directory of mpv's control sockets.
    var socketDirectory: URL { directory.file("run/cocoacasts") }

    /// The processes whose command line names this fixture's directory: its mpv, while it runs.
    func processes() -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let folder = directory.url.path
        // SecretAudit's byte search: Foundation's `contains` (CFString's, on Linux) over every
        // process's arguments held a thread of the concurrency runtime for seconds.
        return entries.compactMap { pid_t($0) }.filter {
            commandLine(of: $0).contains { SecretAudit.offset(of: folder, in: $0) != nil }
        }
    }

    /// The arguments `pid` was started with (empty once it has gone).
    func commandLine(of pid: pid_t) -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The environment `pid` was started with.
    func environment(of pid: pid_t) -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `pid` still exists, even as a zombie nobody reaped.
    static func exists(_ pid: pid_t) -> Bool {
        FileManager.default.fileExists(atPath: "/proc/\(pid)")
    }
}
