import CurlTransport
import Foundation
import Ports

/// 8g. 50 MiB into /dev/null, like with like: `curl -s -o /dev/null` against the libcurl
/// transport fetching the same body in a fresh process of its own and writing it to
/// /dev/null, each timing its own transfer — curl's `%{time_total}`, the child from the
/// request to the last byte written, after a 1-byte request that loads libcurl (curl's time
/// does not count loading itself either). Target: at most 1.2× curl.
enum BodyIntoNullBenchmark {
    static let size = 50 << 20

    static func run(admin: URL, runs: Int, benchmarkExecutable: String) throws -> Row {
        let url = admin.appendingPathComponent("__admin/bytes/\(size)").absoluteString
        let commands: [(label: String, path: String, arguments: [String])] = [
            ("libcurl transport → /dev/null", benchmarkExecutable, ["--body-null-child", url]),
            ("curl -s -o /dev/null", ColdStartBenchmark.curl, ["-s", "-o", "/dev/null", "-w", "%{time_total}", url]),
        ]
        var samples = Array(repeating: [Double](), count: commands.count)
        for round in 0..<(runs + 1) {  // 50 MiB each way a round: some 40 ms
            for (index, command) in commands.enumerated() {
                let (status, text) = try Spawn.standardOutput(of: command.path, command.arguments)
                guard status == 0, let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw BenchmarkError.unexpected("\(command.label) exited \(status): \(text)")
                }
                if round > 0 { samples[index].append(seconds) }  // the first warms the server's page cache
            }
        }
        let comparison = Comparison(labels: commands.map(\.label), samples: samples)
        return Row(
            benchmark: "8g. 50 MiB into /dev/null vs curl", variants: comparison.variants, ratio: comparison.ratio,
            target: "≤ 1.2× curl -o /dev/null",
            measured: String(format: "%.2f× curl, each timing its own transfer", comparison.ratio),
            met: comparison.ratio <= 1.2)
    }

    /// What `--body-null-child URL` does in a process of its own: fetches `URL` with the
    /// transport, writes the body to /dev/null and prints the seconds that took.
    static func child(url: URL) async throws {
        let transport = CurlTransport()
        var warmUp = HTTPRequest(method: "GET", url: url.deletingLastPathComponent().appendingPathComponent("1"))
        warmUp.maximumResponseSize = 1
        _ = try await transport.send(warmUp)
        let started = ContinuousClock.now
        let body = try await transport.send(HTTPRequest(method: "GET", url: url, maximumResponseSize: 1 << 30)).body
        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }
        let written = body.withUnsafeBytes { write(null, $0.baseAddress, $0.count) }
        guard written == body.count else {
            throw BenchmarkError.unexpected("\(written) of \(body.count) bytes written")
        }
        print((ContinuousClock.now - started).seconds)
    }
}
