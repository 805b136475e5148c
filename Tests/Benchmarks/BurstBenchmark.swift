import CurlTransport
import Foundation

/// 2c. 32 GETs of `/episodes` at once, not decoded: the libcurl transport against bare
/// `URLSession.data(for:)`, each reusing what it kept from the bursts before. Target: at
/// most 0.55× bare URLSession's time.
///
/// 2d. The connections a burst of 32 opens over HTTP/1.1, as the server counts them: a fresh
/// libcurl transport's first burst, then its second. Target: at most
/// ``CurlTransport/connectionsPerOrigin`` for the first, and none for the second.
enum BurstBenchmark {
    static let burst = 32

    static func run(baseURL: URL, runs: Int) async throws -> [Row] {
        let url = baseURL.appendingPathComponent("episodes")
        let (curl, session) = (Fetch.libcurl.client(), Fetch.urlsession.client())
        let comparison = try await Harness.compare(
            Variant("libcurl transport", operations: 3) { try await burst(curl, url) },
            Variant("bare URLSession", operations: 3) { try await burst(session, url) },
            runs: runs)
        let admin = Admin(baseURL: baseURL)
        let fresh = Fetch.libcurl.client()
        let before = try await admin.connections()
        try await burst(fresh, url)
        let first = try await admin.connections() - before
        try await burst(fresh, url)
        let second = try await admin.connections() - before - first
        let bound = CurlTransport.connectionsPerOrigin
        return [
            Row(
                benchmark: "2c. 32 GETs at once", variants: comparison.variants, ratio: comparison.ratio,
                target: "≤ 0.55× bare URLSession",
                measured: String(format: "%.2f× bare URLSession", comparison.ratio), met: comparison.ratio <= 0.55),
            Row(
                benchmark: "2d. connections for 32 at once", variants: [], ratio: Double(first),
                target: "≤ \(bound) (HTTP/1.1), then none",
                measured: "\(first) opened by a fresh transport's burst, \(second) by its next",
                met: first <= bound && second == 0),
        ]
    }

    /// `burst` GETs of `url` at once through `client`.
    static func burst(_ client: Fetch.Client, _ url: URL) async throws {
        try await LoopbackBenchmark.inParallel(burst) { _ = try await client.get(url) }
    }
}
