import Foundation
import Ports

/// 11. A gzip bomb: `GET /episodes` answered with a gzip body that inflates to 200 MiB of
/// zeros (about 200 KB on the wire), against the default limit of 10 MiB, counted in
/// decoded bytes. Each way of fetching runs in a child of its own (`--bomb-child`), once
/// for the bomb and once for the ordinary 15 KB answer, its baseline; the peak memory it
/// adds is the difference. Target: the libcurl transport at most the limit + 16 MiB — it
/// stops the transfer in its write callback once the decoded bytes pass the limit.
/// Bare URLSession has no limit: it inflates the whole bomb.
enum GzipBombBenchmark {
    static let inflated = 200 << 20
    static let limit = 10 << 20

    static func run(baseURL: URL, benchmarkExecutable: String) async throws -> Row {
        let admin = Admin(baseURL: baseURL)
        let url = baseURL.appendingPathComponent("episodes").absoluteString
        var added: [Double] = []
        for fetch in Fetch.allCases {
            let expected = fetch == .urlsession ? "whole" : "refused"
            let baseline = try Spawn.peakMemoryKiB(
                benchmarkExecutable, ["--bomb-child", fetch.rawValue, url, "whole"], environment: [:])
            try await admin.add(Admin.Fault(kind: "gzip-bomb", size: inflated))
            let bomb = try Spawn.peakMemoryKiB(
                benchmarkExecutable, ["--bomb-child", fetch.rawValue, url, expected], environment: [:])
            added.append(Double(bomb - baseline) / 1024)
        }
        let figures = zip(Fetch.allCases, added).map { String(format: "%@ +%.1f MiB", $0.label, $1) }
        let allowed = Double(limit >> 20) + 16
        return Row(
            benchmark: "11. gzip bomb, 200 MiB inflated", variants: [], ratio: added[0],
            target: String(format: "libcurl transport adds ≤ %.0f MiB", allowed),
            measured: figures.joined(separator: ", "), met: added[0] <= allowed)
    }

    /// What `--bomb-child WAY URL whole|refused` does in a process of its own: one GET of
    /// URL under the default limit, which must end as told.
    static func child(_ fetch: Fetch, url: URL, expectation: String) async throws {
        let outcome: String
        do {
            _ = try await fetch.client().get(url, limit: limit)
            outcome = "whole"
        } catch let error as TransportError where error.cause == .tooLarge {
            outcome = "refused"
        }
        guard outcome == expectation else { throw BenchmarkError.unexpected("\(fetch.label): \(outcome)") }
    }
}
