import CurlTransport
import Domain
import Foundation
import FoundationHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// 2. Over loopback TCP: `APIClient.episodes()` with `URLSessionTransport` versus a bare
/// `URLSession.data(for:)` and decode of the same URL, one at a time and 32 at once.
/// Target: ratio at most 1.05.
enum LoopbackBenchmark {
    static func run(baseURL: URL, runs: Int) async throws -> [Row] {
        let configuration = try APIConfiguration(baseURL: baseURL, apiToken: APIConfiguration.seriesAPIToken)
        let client = APIClient(configuration: configuration, accessTokenProvider: NoToken(), transport: CurlTransport())
        let session = URLSession(configuration: .ephemeral)
        var request = URLRequest(url: baseURL.appendingPathComponent("episodes"))
        request.setValue(APIConfiguration.seriesAPIToken, forHTTPHeaderField: "X-API-TOKEN")
        let bare: @Sendable () async throws -> Void = { [request] in
            let (data, _) = try await session.data(for: request)
            _ = try JSONDecoder().decode([Episode].self, from: data)
        }
        let sequential = try await Harness.compare(
            Variant("APIClient, one at a time", operations: 50) { _ = try await client.episodes() },
            Variant("bare URLSession + decode", operations: 50, bare), runs: runs)
        let parallel = try await Harness.compare(
            Variant("APIClient, 32 at once", operations: 3) {
                try await inParallel(32) { _ = try await client.episodes() }
            },
            Variant("bare URLSession, 32 at once", operations: 3) { try await inParallel(32, bare) }, runs: runs)
        return [row("2a. loopback, sequential", sequential), row("2b. loopback, 32 in parallel", parallel)]
    }

    static func inParallel(_ count: Int, _ body: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count { group.addTask(operation: body) }
            try await group.waitForAll()
        }
    }

    private static func row(_ name: String, _ comparison: Comparison) -> Row {
        Row(
            benchmark: name, variants: [comparison.a, comparison.b], ratio: comparison.ratio, target: "ratio ≤ 1.05",
            measured: String(format: "%.3f", comparison.ratio), met: comparison.ratio <= 1.05)
    }
}
