import Foundation
import FoundationHTTP

/// 6. `cocoacasts episodes --json` started from scratch, against the server versus
/// `curl -s` of the same URL (target: at most 1.5× curl and 24 MiB peak memory), and
/// against the embedded default versus `cocoacasts --version`, which starts the same
/// binary and does nothing (target: at most 1.3× it).
enum ColdStartBenchmark {
    static let curl = "/usr/bin/curl"

    static func run(baseURL: URL, cli: String, runs: Int) throws -> [Row] {
        guard FileManager.default.isExecutableFile(atPath: curl) else {
            return [
                Row(
                    benchmark: "6. CLI cold start", variants: [], ratio: nil, target: "≤ 1.5× curl",
                    measured: "curl not found", met: false)
            ]
        }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cocoacasts-bench-cold-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "PATH": "/usr/bin:/bin",
        ]
        let url = baseURL.appendingPathComponent("episodes").absoluteString
        let commands: [(label: String, path: String, arguments: [String])] = [
            ("cocoacasts --base-url …", cli, ["--base-url", baseURL.absoluteString, "episodes", "--json"]),
            ("curl -s", curl, ["-s", "-H", "X-API-TOKEN: \(APIConfiguration.seriesAPIToken)", url]),
            ("cocoacasts, embedded API", cli, ["episodes", "--json"]),
            ("cocoacasts --version", cli, ["--version"]),
        ]
        var times = Array(repeating: [Duration](), count: commands.count)
        for round in 0..<(runs + 3) {
            for (index, command) in commands.enumerated() {
                let outcome = Spawn.run(command.path, command.arguments, environment: environment)
                guard outcome.status == 0 else {
                    throw BenchmarkError.unexpected("\(command.label) exited \(outcome.status)")
                }
                guard round >= 3 else { continue }  // warm-up
                times[index].append(.seconds(outcome.seconds))
            }
        }
        let memory = try commands.prefix(3).map { command in
            try (0..<3).map { _ in try Spawn.peakMemoryKiB(command.path, command.arguments, environment: environment) }
                .max() ?? 0
        }
        let stats = zip(commands, times).map { Statistics(label: $0.label, samples: $1) }
        let ratio = Comparison(stats[0], stats[1], samplesA: times[0], samplesB: times[1]).ratio
        let mebibytes = memory.map { Double($0) / 1024 }
        let server = Row(
            benchmark: "6a. CLI cold start vs curl", variants: [stats[0], stats[1]], ratio: ratio,
            target: "≤ 1.5× curl, ≤ 24 MiB",
            measured: String(format: "%.2f× curl, %.1f MiB (curl %.1f MiB)", ratio, mebibytes[0], mebibytes[1]),
            met: ratio <= 1.5 && mebibytes[0] <= 24)
        let embeddedRatio = Comparison(stats[2], stats[3], samplesA: times[2], samplesB: times[3]).ratio
        let embedded = Row(
            benchmark: "6b. CLI cold start, embedded", variants: [stats[2], stats[3]], ratio: embeddedRatio,
            target: "≤ 1.3× --version",
            measured: String(format: "%.2f× --version, %.1f MiB", embeddedRatio, mebibytes[2]),
            met: embeddedRatio <= 1.3)
        return [server, embedded]
    }
}
