import CocoacastsAPI
import CurlTransport
import Domain
import FileResponseCache
import Foundation
import Ports
import Synchronization

/// 9. The catalogue cache against a server of 5,000 episodes (`Scripts/mock-api
/// --episodes 5000`), in process through `APIClient` and `CurlTransport`, with a
/// `FileResponseCache` in a temporary directory:
///
/// a. a warm fetch the server answers `304` (the saved list revalidated: `no-cache`)
///    against a cold one (no cache, the whole body): bytes received and wall time, as
///    ratios. Targets: bytes ≤ 1 %, time ratio ≤ 1.1 — over loopback the 3 MB cost
///    little to move, and the warm fetch still reads, decodes and re-dates the saved list,
///    so the gain is in bytes (and in time on a real network).
/// b. an answer from a fresh saved list (no request) against the network's. Target: ratio < 1.
enum CacheBenchmark {
    static func run(baseURL: URL, runs: Int) async throws -> [Row] {
        let admin = Admin(baseURL: baseURL)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cocoacasts-bench-cache-\(UUID().uuidString)", isDirectory: true)
        defer { removeDirectory(directory) }
        let configuration = try APIConfiguration(baseURL: baseURL, apiToken: APIConfiguration.seriesAPIToken)
        let cold = CountingTransport()
        let warm = CountingTransport()
        let coldClient = APIClient(configuration: configuration, accessTokenProvider: NoToken(), transport: cold)
        let cache = FileResponseCache(directory: directory)
        let warmClient = APIClient(
            configuration: configuration, accessTokenProvider: NoToken(), transport: warm, cache: cache)

        try await admin.setCacheControl("no-cache")
        let count = try await warmClient.catalogue(policy: .normal).episodes.count
        guard count == 5_000 else { throw BenchmarkError.unexpected("\(count) episodes, not 5,000") }
        let before = try await admin.count(Admin.notModified)
        cold.reset()
        warm.reset()
        let revalidated = try await Harness.compare(
            Variant("warm: 304, saved list") {
                guard try await warmClient.catalogue(policy: .normal).source == .network else {
                    throw BenchmarkError.unexpected("the warm fetch was not revalidated")
                }
            },
            Variant("cold: 200, 5,000 episodes") { _ = try await coldClient.catalogue(policy: .normal) },
            warmup: 1, runs: runs)
        let notModified = try await admin.count(Admin.notModified) - before
        guard notModified == warm.responses else {
            throw BenchmarkError.unexpected("\(notModified) 304s for \(warm.responses) warm fetches")
        }
        let bytes = Double(warm.bytes) / Double(warm.responses) / (Double(cold.bytes) / Double(cold.responses))
        let rowA = Row(
            benchmark: "9a. 5,000 episodes: 304 vs cold", variants: [revalidated.a, revalidated.b],
            ratio: revalidated.ratio, target: "bytes ≤ 1 %, time ratio ≤ 1.1",
            measured: String(
                format: "bytes %d vs %d (%.3f %%), time %.2f", warm.bytes / max(1, warm.responses),
                cold.bytes / max(1, cold.responses), bytes * 100, revalidated.ratio),
            met: bytes <= 0.01 && revalidated.ratio <= 1.1)

        try await admin.setCacheControl("max-age=600")
        _ = try await warmClient.catalogue(policy: .bypass)
        _ = try await warmClient.catalogue(policy: .normal)  // saved with max-age=600: fresh from here on
        let fresh = try await Harness.compare(
            Variant("fresh saved list, no request") {
                guard case .fresh = try await warmClient.catalogue(policy: .normal).source else {
                    throw BenchmarkError.unexpected("the saved list was not fresh")
                }
            },
            Variant("network answer") { _ = try await coldClient.catalogue(policy: .normal) },
            warmup: 1, runs: runs)
        try await admin.setCacheControl("max-age=60")
        let rowB = Row(
            benchmark: "9b. 5,000 episodes: fresh cache vs network", variants: [fresh.a, fresh.b],
            ratio: fresh.ratio, target: "ratio < 1", measured: String(format: "%.2f", fresh.ratio),
            met: fresh.ratio < 1)
        return [rowA, rowB]
    }

    /// c. `cocoacasts episodes` run from scratch: warm (the saved list revalidated by a
    /// `304`) against cold (`--no-cache`, the whole body). Target: ratio ≤ 1.1, as for 9a.
    static func runCLI(baseURL: URL, cli: String, runs: Int) async throws -> Row {
        let admin = Admin(baseURL: baseURL)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cocoacasts-bench-cli-cache-\(getpid())")
        defer { removeDirectory(home) }
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path, "PATH": "/usr/bin:/bin",
            "COCOACASTS_BASE_URL": baseURL.absoluteString,
        ]
        try await admin.setCacheControl("no-cache")
        let variants = [
            ("warm: 304, saved list", ["episodes", "--json"]),
            ("cold: --no-cache", ["episodes", "--json", "--no-cache"]),
        ]
        var times = [[Double]](repeating: [], count: 2)
        let before = try await admin.count(Admin.notModified)
        for round in 0..<(runs + 2) {
            for (index, variant) in variants.enumerated() {
                let outcome = Spawn.run(cli, variant.1, environment: environment)
                guard outcome.status == 0 else {
                    throw BenchmarkError.unexpected("\(variant.0) exited \(outcome.status)")
                }
                if round >= 2 { times[index].append(outcome.seconds) }
            }
        }
        let notModified = try await admin.count(Admin.notModified) - before
        try await admin.setCacheControl("max-age=60")
        guard notModified >= runs + 1 else {
            throw BenchmarkError.unexpected("\(notModified) 304s for \(runs + 2) warm runs")
        }
        let comparison = Comparison(labels: variants.map(\.0), samples: times)
        let ratio = comparison.ratio
        return Row(
            benchmark: "9c. cocoacasts episodes, 5,000: 304 vs cold", variants: comparison.variants, ratio: ratio,
            target: "ratio ≤ 1.1",
            measured: String(format: "%.2f, %d of %d warm runs answered by 304", ratio, notModified, runs + 2),
            met: ratio <= 1.1)
    }

    private static func removeDirectory(_ url: URL) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            print("cocoacasts-bench: could not remove \(url.path): \(error)")
        }
    }
}

/// `CurlTransport`, counting the bytes of each response: status line, headers and body.
final class CountingTransport: HTTPTransport {
    private let transport = CurlTransport()
    private let counts = Mutex((bytes: 0, responses: 0))

    var bytes: Int { counts.withLock { $0.bytes } }
    var responses: Int { counts.withLock { $0.responses } }

    func reset() { counts.withLock { $0 = (0, 0) } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let response = try await transport.send(request)
        let headers = response.headers.reduce(0) { total, field in
            total + "\(field.name): \(field.value)\r\n".utf8.count
        }
        let statusLine = "HTTP/1.1 \(response.status) \r\n\r\n".utf8.count
        counts.withLock {
            $0.bytes += statusLine + headers + response.body.count
            $0.responses += 1
        }
        return response
    }
}
