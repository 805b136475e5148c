import CocoacastsAPI
import Foundation

/// 6. `cocoacasts` started from scratch (built with `--static-swift-stdlib`, as the README
/// installs it), every command in the same interleaved rounds:
///
/// a. `episodes --json --no-cache` against the server, versus `curl -s` of the same URL.
///    Target: at most 1.5× curl.
/// b. `episodes --json` against the built-in default, versus `cocoacasts --version`, which
///    starts the same binary and does nothing. Target: at most 1.2× it, and libcurl never
///    mapped — the transport loads it on the first request, and the built-in API sends none.
/// c. `--version` versus a static Foundation program that decodes JSON and parses a URL
///    (startup-baseline, Scripts/bench builds it). Target: at most 1.1× it, and no thread
///    started: `--version` waits for nothing, so it runs before the concurrency runtime starts one.
/// d. The peak memory of a. Target: at most 2.0× curl's.
///
/// What each run maps comes from the dynamic loader's own trace (`LD_DEBUG=files`), which
/// lists the objects linked at start and those `dlopen` loads later alike. (e, the binary
/// itself, is ``ReleaseBinaryCheck``.)
enum ColdStartBenchmark {
    static let curl = "/usr/bin/curl"

    static func run(baseURL: URL, cli: String, baseline: String?, runs: Int) throws -> [Row] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cocoacasts-bench-cold-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path, "PATH": "/usr/bin:/bin",
        ]
        let url = baseURL.appendingPathComponent("episodes").absoluteString
        var commands: [(label: String, path: String, arguments: [String])] = [
            (
                "cocoacasts --base-url … --no-cache", cli,
                ["--base-url", baseURL.absoluteString, "episodes", "--json", "--no-cache"]
            ),
            ("curl -s", curl, ["-s", "-H", "X-API-TOKEN: \(APIConfiguration.seriesAPIToken)", url]),
            ("cocoacasts, built-in API", cli, ["episodes", "--json"]),
            ("cocoacasts --version", cli, ["--version"]),
        ]
        if let baseline { commands.append(("static Foundation program", baseline, [])) }
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
        let memory = try commands.prefix(2).map { command in
            try (0..<3).map { _ in try Spawn.peakMemoryKiB(command.path, command.arguments, environment: environment) }
                .max() ?? 0
        }
        let (cocoacasts, curlPeak) = (Double(memory[0]) / 1024, Double(memory[1]) / 1024)
        let networked = try Spawn.loadedObjects(cli, commands[0].arguments, environment: environment)
        let builtIn = try Spawn.loadedObjects(cli, commands[2].arguments, environment: environment)
        let loadsCurl = { (objects: [String]) in objects.contains { $0.hasPrefix("libcurl") } }
        let threads = try [2, 3].map { index in
            try Spawn.threadsStarted(cli, commands[index].arguments, environment: environment).map(String.init) ?? "?"
        }
        let compare = { (a: Int, b: Int) in
            Comparison(labels: [commands[a].label, commands[b].label], samples: [times[a], times[b]])
        }
        let (server, local) = (compare(0, 1), compare(2, 3))
        var rows = [
            Row(
                benchmark: "6a. CLI cold start vs curl", variants: server.variants, ratio: server.ratio,
                target: "≤ 1.5× curl",
                measured: String(
                    format: "%.2f× curl; maps %d objects, libcurl %@", server.ratio, networked.count,
                    loadsCurl(networked) ? "loaded" : "NOT loaded"),
                met: server.ratio <= 1.5),
            Row(
                benchmark: "6b. CLI cold start, built-in", variants: local.variants, ratio: local.ratio,
                target: "≤ 1.2× --version, no libcurl",
                measured: String(
                    format: "%.2f× --version; %@ threads started; maps %d objects (%@), libcurl %@", local.ratio,
                    threads[0], builtIn.count, builtIn.joined(separator: " "),
                    loadsCurl(builtIn) ? "MAPPED" : "not mapped"),
                met: local.ratio <= 1.2 && !loadsCurl(builtIn)),
        ]
        if baseline != nil {
            let start = compare(3, 4)
            rows.append(
                Row(
                    benchmark: "6c. --version vs Foundation hello", variants: start.variants, ratio: start.ratio,
                    target: "≤ 1.1× the static Foundation program, no thread",
                    measured: String(format: "%.2f× the program; %@ threads started", start.ratio, threads[1]),
                    met: start.ratio <= 1.1 && threads[1] == "0"))
        }
        rows.append(
            Row(
                benchmark: "6d. peak memory, networked", variants: [], ratio: cocoacasts / curlPeak,
                target: "≤ 2.0× curl's",
                measured: String(
                    format: "%.1f MiB, %.2f× curl's %.1f MiB", cocoacasts, cocoacasts / curlPeak, curlPeak),
                met: cocoacasts <= 2.0 * curlPeak))
        return rows
    }
}
