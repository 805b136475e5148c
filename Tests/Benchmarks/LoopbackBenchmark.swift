import CocoacastsAPI
import CurlTransport
import Domain
import Foundation
import URLSessionTransport

/// 2. Small GETs over loopback TCP (`GET /episodes`, 15 KB):
///
/// a. 1,000 one after another, the time per request through the libcurl transport, the
///    URLSession adapter and bare `URLSession.data(for:)`, and how many connections each
///    opened for them (a first pass of each, which also warms it up). Target: the libcurl
///    transport keeps one connection.
/// b. 32 at once, fetched and decoded: `APIClient.episodes()` over the libcurl transport
///    (which lets six run at a time) and over the URLSession adapter, the libcurl transport
///    alone + `JSONDecoder` (all 32 at once), and bare URLSession + `JSONDecoder`. Target:
///    the client over libcurl at most 1.0× bare URLSession.
enum LoopbackBenchmark {
    static let sequential = 1_000

    static func run(baseURL: URL, runs: Int) async throws -> [Row] {
        let url = baseURL.appendingPathComponent("episodes")
        let clients = Fetch.allCases.map { $0.client() }
        let variants = zip(Fetch.allCases, clients).map { fetch, client in
            Variant(fetch.label, operations: sequential) { _ = try await client.get(url) }
        }
        var opened: [Int] = []
        for variant in variants {
            opened.append(try await Connections.opened(toPort: baseURL.port ?? 80) { _ = try await variant.sample() })
        }
        let oneByOne = try await Harness.compare(
            variants[0], variants[1], variants[2], warmup: 0, runs: max(3, runs / 4))
        let connections = zip(Fetch.allCases, opened).map { "\($0.label) \($1)" }.joined(separator: ", ")
        let rowA = Row(
            benchmark: "2a. 1,000 GETs one after another", variants: oneByOne.variants, ratio: oneByOne.ratio(to: 2),
            target: "libcurl transport: one connection",
            measured: String(
                format: "%@ per request, %.2f× bare URLSession; connections opened: ", Report.time(oneByOne.a.median),
                oneByOne.ratio(to: 2))
                + connections,
            met: opened[0] <= 1)

        let configuration = try APIConfiguration(baseURL: baseURL, apiToken: APIConfiguration.seriesAPIToken)
        let overCurl = APIClient(
            configuration: configuration, accessTokenProvider: NoToken(), transport: CurlTransport())
        let overAdapter = APIClient(
            configuration: configuration, accessTokenProvider: NoToken(), transport: URLSessionTransport())
        let decoded: @Sendable (Fetch.Client) async throws -> Void = { client in
            _ = try JSONDecoder().decode([Episode].self, from: try await client.get(url))
        }
        let parallel = try await Harness.compare(
            Variant("APIClient over libcurl", operations: 3) {
                try await inParallel(32) { _ = try await overCurl.episodes() }
            },
            Variant("APIClient over the adapter", operations: 3) {
                try await inParallel(32) { _ = try await overAdapter.episodes() }
            },
            Variant("libcurl transport + decode", operations: 3) {
                try await inParallel(32) { try await decoded(clients[0]) }
            },
            Variant("bare URLSession + decode", operations: 3) {
                try await inParallel(32) { try await decoded(clients[2]) }
            },
            runs: runs)
        let rowB = Row(
            benchmark: "2b. 32 GETs at once, decoded", variants: parallel.variants, ratio: parallel.ratio(to: 3),
            target: "APIClient over libcurl ≤ 1.0× bare URLSession",
            measured: String(format: "%.2f× bare URLSession", parallel.ratio(to: 3)), met: parallel.ratio(to: 3) <= 1.0)
        return [rowA, rowB]
    }

    static func inParallel(_ count: Int, _ body: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count { group.addTask(operation: body) }
            try await group.waitForAll()
        }
    }
}
