import CurlTransport
import Domain
import Foundation
import FoundationHTTP
import URLSessionTransport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// 12. An 8 MB catalogue fetched and decoded (`Scripts/mock-api --episodes 13500`):
/// `APIClient.episodes()` over the libcurl transport, in process, against `curl -s URL |
/// python3 -c 'import json, sys; json.load(sys.stdin)'` started from scratch — a script's
/// way of reading it — with the URLSession adapter and bare URLSession + `JSONDecoder`
/// beside them. Target: at most 1.5× the pipeline.
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
}
