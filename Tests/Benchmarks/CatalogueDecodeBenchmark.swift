import CocoacastsAPI
import CurlTransport
import Domain
import Foundation
import URLSessionTransport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// 12. An 8 MB catalogue fetched and decoded (`Scripts/mock-api --episodes 13500`):
/// `APIClient.episodes()` over the libcurl transport, in process, against `curl -s URL |
/// python3 -c 'import json, sys; json.load(sys.stdin)'` started from scratch — a script's
/// way of reading it — with the URLSession adapter and bare URLSession + `JSONDecoder`
/// beside them. Target: at most 1.5× the pipeline.
///
/// 12b. A large real catalogue printed, 500 episodes (`Scripts/mock-api --episodes 500`):
/// `cocoacasts episodes --json --no-cache`, written by `JSONEncoder`, started from scratch
/// against `curl -s URL | python3 -c 'import json, sys; json.dump(json.load(sys.stdin),
/// sys.stdout)'`, both writing to /dev/null, in interleaved rounds. Target: at most 1.2× the
/// pipeline.
enum CatalogueDecodeBenchmark {
    static func run(baseURL: URL, runs: Int) async throws -> Row {
        let configuration = try APIConfiguration(baseURL: baseURL, apiToken: APIConfiguration.seriesAPIToken)
        let overCurl = APIClient(
            configuration: configuration, accessTokenProvider: NoToken(), transport: CurlTransport())
        let overAdapter = APIClient(
            configuration: configuration, accessTokenProvider: NoToken(), transport: URLSessionTransport())
        let session = Fetch.urlsession.client()
        let url = baseURL.appendingPathComponent("episodes")
        let count = try await overCurl.episodes().count
        let bytes = try await session.get(url).count
        let pipeline =
            "\(ColdStartBenchmark.curl) -s -H 'X-API-TOKEN: \(APIConfiguration.seriesAPIToken)' '\(url.absoluteString)'"
            + " | python3 -c 'import json, sys; json.load(sys.stdin)'"
        let comparison = try await Harness.compare(
            Variant("APIClient over libcurl") { _ = try await overCurl.episodes() },
            Variant("curl | python3 json.load") {
                let outcome = Spawn.run("/bin/sh", ["-c", pipeline], environment: ["PATH": "/usr/bin:/bin"])
                guard outcome.status == 0 else {
                    throw BenchmarkError.unexpected("the pipeline exited \(outcome.status)")
                }
            },
            Variant("APIClient over the adapter") { _ = try await overAdapter.episodes() },
            Variant("bare URLSession + decode") {
                _ = try JSONDecoder().decode([Episode].self, from: try await session.get(url))
            },
            warmup: 1, runs: runs)
        return Row(
            benchmark: String(format: "12. %.1f MB catalogue, decoded", Double(bytes) / 1e6),
            variants: comparison.variants, ratio: comparison.ratio, target: "≤ 1.5× curl | python3",
            measured: String(format: "%.2f× the pipeline (%d episodes)", comparison.ratio, count),
            met: comparison.ratio <= 1.5)
    }

    static func runCLI(baseURL: URL, cli: String, runs: Int) throws -> Row {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cocoacasts-bench-json-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
        let url = baseURL.appendingPathComponent("episodes").absoluteString
        let pipeline =
            "\(ColdStartBenchmark.curl) -s -H 'X-API-TOKEN: \(APIConfiguration.seriesAPIToken)' '\(url)'"
            + " | python3 -c 'import json, sys; json.dump(json.load(sys.stdin), sys.stdout)'"
        let commands: [(label: String, path: String, arguments: [String])] = [
            (
                "cocoacasts episodes --json", cli,
                ["--base-url", baseURL.absoluteString, "episodes", "--json", "--no-cache"]
            ),
            ("curl | python3 json.dump", "/bin/sh", ["-c", pipeline]),
        ]
        var times = Array(repeating: [Double](), count: commands.count)
        for round in 0..<(max(5, runs / 2) + 1) {
            for (index, command) in commands.enumerated() {
                let outcome = Spawn.run(command.path, command.arguments, environment: environment)
                guard outcome.status == 0 else {
                    throw BenchmarkError.unexpected("\(command.label) exited \(outcome.status)")
                }
                if round > 0 { times[index].append(outcome.seconds) }  // the first warms up
            }
        }
        let comparison = Comparison(labels: commands.map(\.label), samples: times)
        return Row(
            benchmark: "12b. 500 episodes, --json out", variants: comparison.variants, ratio: comparison.ratio,
            target: "≤ 1.2× curl | python3 json.dump", measured: String(format: "%.2f× the pipeline", comparison.ratio),
            met: comparison.ratio <= 1.2)
    }
}
