import Foundation
import Subprocesses

/// Real mpv for tests, headless: a private `XDG_CONFIG_HOME` whose `mpv/mpv.conf` says
/// `vo=null` and `ao=null` (and whatever else a test adds), so that mpv needs no display
/// and no sound card — and a test proves that the user's configuration reaches mpv.
public enum HeadlessMPV {
    /// What to install when mpv is missing.
    public static let installHint = "mpv is not installed: apt-get install --no-install-recommends mpv"

    /// The mpv on `PATH`, found as the player finds it, or `nil`.
    public static var executable: String? {
        ChildEnvironment.executable(named: "mpv", environment: ProcessInfo.processInfo.environment)
    }

    /// This process's environment with `XDG_CONFIG_HOME` and `XDG_RUNTIME_DIR` inside
    /// `directory`, where `mpv/mpv.conf` is written with the headless lines and `configuration`.
    public static func environment(in directory: URL, configuration: [String] = []) throws -> [String: String] {
        let config = directory.appendingPathComponent("config")
        let runtime = directory.appendingPathComponent("run")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("mpv"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lines = ["vo=null", "ao=null"] + configuration
        try (lines.joined(separator: "\n") + "\n").write(
            to: config.appendingPathComponent("mpv/mpv.conf"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = config.path
        environment["XDG_RUNTIME_DIR"] = runtime.path
        return environment
    }
}
