import Foundation

/// 14. Watching: `cocoacasts watch` plays a video of the `--media` mock in headless mpv for
/// 60 s. What counts is the CPU of the `cocoacasts` process itself — its own user and system
/// time from `/proc/<pid>/stat`, read just before Ctrl-C, so mpv's (which `wait4` would add
/// once cocoacasts reaps it) stays out; mpv's is shown beside it. Target: ≤ 0.1 s, start-up
/// and the sign-in's token read included: between positions the CLI sleeps.
enum WatchBenchmark {
    static let seconds = 60.0

    static func run(mediaURL: URL, cli: String) async throws -> Row {
        let home = try BenchHome(signedInTo: mediaURL, cli: cli, name: "watch")
        defer { home.remove() }
        // mpv plays headless (its mpv.conf) and keeps its IPC socket in a private runtime folder.
        let config = home.configuration
        let runtime = home.directory.appendingPathComponent("run")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("mpv"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try "vo=null\nao=null\n".write(
            to: config.appendingPathComponent("mpv/mpv.conf"), atomically: true, encoding: .utf8)
        let environment = home.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }

        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: cli)
        watch.arguments = ["watch", "556", "--from-start"]
        watch.environment = environment
        watch.standardInput = FileHandle.nullDevice
        watch.standardOutput = FileHandle.nullDevice
        watch.standardError = FileHandle.nullDevice
        try watch.run()
        try await Task.sleep(for: .seconds(seconds))
        let own = try cpuSeconds(of: watch.processIdentifier)
        let player = try children(of: watch.processIdentifier).map(cpuSeconds).reduce(0, +)
        kill(watch.processIdentifier, SIGINT)
        watch.waitUntilExit()
        guard watch.terminationStatus == 130 else {
            throw BenchmarkError.unexpected("watch exited \(watch.terminationStatus), not 130 after Ctrl-C")
        }
        return Row(
            benchmark: "14. watching 60 s", variants: [Statistics(label: "cocoacasts CPU", seconds: [own])],
            ratio: own, target: "cocoacasts ≤ 0.1 s CPU",
            measured: String(format: "%.3f s CPU (mpv: %.2f s)", own, player), met: own <= 0.1)
    }

    /// The user and system seconds `pid` used itself (fields 14 and 15 of `/proc/<pid>/stat`),
    /// not its children's.
    private static func cpuSeconds(of pid: pid_t) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The command name, field 2, is in parentheses and may hold spaces: count after it.
        let fields = stat[stat.index(after: stat.lastIndex(of: ")") ?? stat.startIndex)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw BenchmarkError.unexpected("/proc/\(pid)/stat: \(stat)")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The processes `pid` started (mpv), from `/proc/<pid>/task/*/children`.
    private static func children(of pid: pid_t) throws -> [pid_t] {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return tasks.flatMap { task -> [pid_t] in
            do {
                return try String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)
                    .split(separator: " ").compactMap { pid_t($0) }
            } catch {
                return []  // a thread that ended meanwhile started no one
            }
        }
    }
}
