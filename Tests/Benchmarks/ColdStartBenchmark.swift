import Foundation
import FoundationHTTP

/// 6. `cocoacasts episodes --json` started from scratch (the CLI built with
/// `--static-swift-stdlib`, as the README installs it):
///
/// a. against the server, versus `curl -s` of the same URL. Target: at most 1.3× curl and
///    20 MiB peak memory.
/// b. against the embedded default, versus `cocoacasts --version`, which starts the same
///    binary and does nothing. Target: at most 1.2× it, and libcurl never mapped — the
///    transport loads it on the first request, and the embedded API sends none.
///
/// What each run maps comes from the dynamic loader's own trace (`LD_DEBUG=files`), which
/// lists the objects linked at start and those `dlopen` loads later alike.
enum ColdStartBenchmark {
    static let curl = "/usr/bin/curl"

    static func run(baseURL: URL, cli: String, runs: Int) throws -> [Row] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cocoacasts-bench-cold-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path, "PATH": "/usr/bin:/bin",
        ]
        let url = baseURL.appendingPathComponent("episodes").absoluteString
        let commands: [(label: String, path: String, arguments: [String])] = [
            (
                "cocoacasts --base-url … --no-cache", cli,
                ["--base-url", baseURL.absoluteString, "episodes", "--json", "--no-cache"]
            ),
            ("curl -s", curl, ["-s", "-H", "X-API-TOKEN: \(APIConfiguration.seriesAPIToken)", url]),
            ("cocoacasts, embedded API", cli, ["episodes", "--json"]),
            ("cocoacasts --version", cli, ["--version"]),
        ]
        var times = Array(repeating: [Double](), count: commands.count)
        for round in 0..<(runs + 3) {
            for (index, command) in commands.enumerated() {
                let outcome = Spawn.run(command.path, command.arguments, environment: environment)
                guard outcome.status == 0 else {
                    throw BenchmarkError.unexpected("\(command.label) exited \(outcome.status)")
                }
                if round >= 3 { times[index].append(outcome.seconds) }  // the first three warm up
            }
        }
        let memory = try commands.prefix(3).map { command in
            try (0..<3).map { _ in try Spawn.peakMemoryKiB(command.path, command.arguments, environment: environment) }
                .max() ?? 0
        }
        let mebibytes = memory.map { Double($0) / 1024 }
        let networked = try Spawn.loadedObjects(cli, commands[0].arguments, environment: environment)
        let embedded = try Spawn.loadedObjects(cli, commands[2].arguments, environment: environment)
        let loadsCurl = { (objects: [String]) in objects.contains { $0.hasPrefix("libcurl") } }
        let server = Comparison(labels: [commands[0].label, commands[1].label], samples: [times[0], times[1]])
        let local = Comparison(labels: [commands[2].label, commands[3].label], samples: [times[2], times[3]])
        return [
            Row(
                benchmark: "6a. CLI cold start vs curl", variants: server.variants, ratio: server.ratio,
                target: "≤ 1.3× curl, ≤ 20 MiB",
                measured: String(
                    format: "%.2f× curl, %.1f MiB (curl %.1f MiB); maps %d objects, libcurl %@", server.ratio,
                    mebibytes[0], mebibytes[1], networked.count, loadsCurl(networked) ? "loaded" : "NOT loaded"),
                met: server.ratio <= 1.3 && mebibytes[0] <= 20),
            Row(
                benchmark: "6b. CLI cold start, embedded", variants: local.variants, ratio: local.ratio,
                target: "≤ 1.2× --version, no libcurl",
                measured: String(
                    format: "%.2f× --version, %.1f MiB; maps %d objects (%@), libcurl %@", local.ratio, mebibytes[2],
                    embedded.count, embedded.joined(separator: " "), loadsCurl(embedded) ? "MAPPED" : "not mapped"),
                met: local.ratio <= 1.2 && !loadsCurl(embedded)),
        ]
    }
}
