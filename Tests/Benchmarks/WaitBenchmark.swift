import CocoacastsAPI
import Foundation

/// 10. Waiting for a slow answer: the server holds `GET /episodes` for 5 s (a latency
/// fault) while each way of fetching waits in a process of its own — the libcurl
/// transport, the URLSession adapter and bare URLSession (`--wait-child`), the `curl` CLI
/// and the `cocoacasts` CLI — all started together. What counts is the CPU each process
/// used, user and system (`wait4`'s rusage), start-up included; an instant answer beside it
/// shows what start-up alone costs. Target: the libcurl transport at most 0.05 s of CPU —
/// its thread sleeps in `curl_multi_poll` until the answer comes.
enum WaitBenchmark {
    static let seconds = 5.0

    static func run(baseURL: URL, cli: String, benchmarkExecutable: String, rounds: Int) async throws -> Row {
        let admin = Admin(baseURL: baseURL)
        let url = baseURL.appendingPathComponent("episodes").absoluteString
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cocoacasts-bench-wait-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path, "PATH": "/usr/bin:/bin",
        ]
        let commands: [(label: String, command: (String, [String]))] =
            Fetch.allCases.map { ($0.label, (benchmarkExecutable, ["--wait-child", $0.rawValue, url])) } + [
                (
                    "curl -s -o /dev/null",
                    (
                        ColdStartBenchmark.curl,
                        ["-s", "-o", "/dev/null", "-H", "X-API-TOKEN: \(APIConfiguration.seriesAPIToken)", url]
                    )
                ),
                (
                    "cocoacasts CLI (libcurl)",
                    (cli, ["--base-url", baseURL.absoluteString, "episodes", "--json", "--no-cache"])
                ),
            ]
        let instant = try together(commands.map(\.command), environment: environment, atLeast: 0)
        var slow = [[Double]](repeating: [], count: commands.count)
        for _ in 0..<rounds {
            try await admin.add(Admin.Fault(kind: "latency", seconds: seconds, count: commands.count))
            let cpu = try together(commands.map(\.command), environment: environment, atLeast: seconds)
            for index in cpu.indices { slow[index].append(cpu[index]) }
        }
        let variants = Comparison(labels: commands.map { "\($0.label), CPU" }, samples: slow).variants
        let libcurl = variants[0].median
        let others = zip(commands, variants).dropFirst().map { String(format: "%@ %.3f s", $0.0.label, $0.1.median) }
        return Row(
            benchmark: "10. waiting 5 s for an answer", variants: variants, ratio: libcurl,
            target: "libcurl transport ≤ 0.05 s CPU",
            measured: String(format: "%.3f s CPU (an instant answer: %.3f s); ", libcurl, instant[0])
                + others.joined(separator: ", "),
            met: libcurl <= 0.05)
    }

    /// Runs `commands` at once; each one's CPU seconds, after checking that each succeeded
    /// and took at least `atLeast` seconds (so that it did wait for the fault).
    private static func together(_ commands: [(String, [String])], environment: [String: String], atLeast: Double)
        throws -> [Double]
    {
        let outcomes = Spawn.runTogether(commands, environment: environment)
        for (command, outcome) in zip(commands, outcomes) where outcome.status != 0 || outcome.seconds < atLeast {
            throw BenchmarkError.unexpected(
                "\(command.0) \(command.1.first ?? "") exited \(outcome.status) after \(outcome.seconds) s")
        }
        return outcomes.map(\.cpuSeconds)
    }

    /// What `--wait-child WAY URL` does in a process of its own: one GET of URL.
    static func child(_ fetch: Fetch, url: URL) async throws {
        _ = try await fetch.client().get(url)
    }
}
