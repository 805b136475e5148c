import Foundation
import FoundationHTTP

/// 6. `cocoacasts episodes --json` started from scratch, against the server versus
/// `curl -s` of the same URL, and against the embedded default. Target: at most 2× curl
/// and 30 MiB peak memory.
enum ColdStartBenchmark {
    static let curl = "/usr/bin/curl"

    static func run(baseURL: URL, cli: String, runs: Int) throws -> [Row] {
        guard FileManager.default.isExecutableFile(atPath: curl) else {
            return [
                Row(
                    benchmark: "6. CLI cold start", variants: [], ratio: nil, target: "≤ 2× curl",
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
        let memory = try commands.map { command in
            try (0..<3).map { _ in try Spawn.peakMemoryKiB(command.path, command.arguments, environment: environment) }
                .max() ?? 0
        }
        let stats = zip(commands, times).map { Statistics(label: $0.label, samples: $1) }
        let ratio = Comparison(stats[0], stats[1], samplesA: times[0], samplesB: times[1]).ratio
        let mebibytes = memory.map { Double($0) / 1024 }
        let server = Row(
            benchmark: "6a. CLI cold start vs curl", variants: [stats[0], stats[1]], ratio: ratio,
            target: "≤ 2× curl, ≤ 30 MiB",
            measured: String(format: "%.2f× curl, %.1f MiB (curl %.1f MiB)", ratio, mebibytes[0], mebibytes[1]),
            met: ratio <= 2 && mebibytes[0] <= 30)
        let embedded = Row(
            benchmark: "6b. CLI cold start, embedded", variants: [stats[2]],
            ratio: Comparison(stats[2], stats[1], samplesA: times[2], samplesB: times[1]).ratio,
            target: "≤ 30 MiB", measured: String(format: "%.1f MiB", mebibytes[2]), met: mebibytes[2] <= 30)
        return [server, embedded]
    }
}
