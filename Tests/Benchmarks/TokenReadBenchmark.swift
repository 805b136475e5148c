import Domain
import FileTokenStore
import Foundation
import Ports
import Stores

/// 5. Reading the access token from an unchanged credentials file, cached versus
/// parsing the file every time. Target: at most 2 µs median.
enum TokenReadBenchmark {
    static func run(runs: Int) async throws -> Row {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cocoacasts-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("credentials.json")
        let origin = Origin(URL(string: "http://127.0.0.1:8080/api/v1")!)!
        let cached = KeyValueTokenStore.credentialsFile(at: url, origin: origin)
        try await cached.setTokens(TokenPair(accessToken: "a-\(UUID())", refreshToken: "r-\(UUID())"))
        let parsing = KeyValueTokenStore(
            store: FileKeyValueStore(fileURL: url, cachesReads: false), scope: origin.description)
        let comparison = try await Harness.compare(
            Variant("cached (stat + lookup)", operations: 2_000) {
                guard try await cached.accessToken != nil else { throw BenchmarkError.noToken }
            },
            Variant("parse every read", operations: 2_000) {
                guard try await parsing.accessToken != nil else { throw BenchmarkError.noToken }
            },
            runs: runs)
        let read = comparison.a
        return Row(
            benchmark: "5. token read, unchanged file", variants: [read, comparison.b], ratio: comparison.ratio,
            target: "median ≤ 2 µs", measured: Report.time(read.median), met: read.median <= 2e-6)
    }
}

/// Something a benchmark did not expect; the run stops.
enum BenchmarkError: Error {
    case noToken
    case unexpected(String)
}
