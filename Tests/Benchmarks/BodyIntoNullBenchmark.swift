import CurlTransport
import Foundation
import Ports
import URLSessionTransport

/// 8g. 50 MiB into /dev/null, like with like: `curl -s -o /dev/null` against the libcurl
/// transport fetching the same body in a fresh process of its own and writing it to
/// /dev/null, each timing its own transfer — curl's `%{time_total}`, the child from the
/// request to the last byte written, after a 1-byte request that loads libcurl (curl's time
/// does not count loading itself either). The transport's body is streamed
/// (``/Ports/HTTPTransport/stream(_:)``), each chunk written as it arrives, so the child's
/// peak memory, also shown, does not grow with the body. Target: at most 1.2× curl.
enum BodyIntoNullBenchmark {
    static let size = 50 << 20

    static func run(admin: URL, runs: Int, benchmarkExecutable: String) throws -> Row {
        let url = admin.appendingPathComponent("__admin/bytes/\(size)").absoluteString
        let commands: [(label: String, path: String, arguments: [String])] = [
            ("libcurl transport → /dev/null", benchmarkExecutable, ["--body-null-child", Fetch.libcurl.rawValue, url]),
            ("curl -s -o /dev/null", ColdStartBenchmark.curl, ["-s", "-o", "/dev/null", "-w", "%{time_total}", url]),
            (
                "URLSession adapter → /dev/null", benchmarkExecutable,
                ["--body-null-child", Fetch.adapter.rawValue, url]
            ),
        ]
        var samples = Array(repeating: [Double](), count: commands.count)
        var peakKiB = [Int](repeating: 0, count: commands.count)
        for round in 0..<(runs + 1) {  // 50 MiB each way a round: some 40 ms
            for (index, command) in commands.enumerated() {
                let (status, text) = try Spawn.standardOutput(of: command.path, command.arguments)
                let fields = text.split(whereSeparator: \.isWhitespace)
                guard status == 0, let seconds = fields.first.flatMap({ Double($0) }) else {
                    throw BenchmarkError.unexpected("\(command.label) exited \(status): \(text)")
                }
                if fields.count > 1, let peak = Int(fields[1]) { peakKiB[index] = max(peakKiB[index], peak) }
                if round > 0 { samples[index].append(seconds) }  // the first warms the server's page cache
            }
        }
        let comparison = Comparison(labels: commands.map(\.label), samples: samples)
        return Row(
            benchmark: "8g. 50 MiB into /dev/null vs curl", variants: comparison.variants, ratio: comparison.ratio,
            target: "≤ 1.2× curl -o /dev/null",
            measured: String(
                format:
                    "%.2f× curl, each timing its own transfer; streamed, peak %.1f MiB (URLSession adapter %.1f MiB)",
                comparison.ratio, Double(peakKiB[0]) / 1024, Double(peakKiB[2]) / 1024),
            met: comparison.ratio <= 1.2)
    }

    /// What `--body-null-child FETCH URL` does in a process of its own: streams `URL` with the
    /// transport `FETCH` names into /dev/null and prints the seconds that took and its peak
    /// memory in KiB.
    static func child(_ fetch: Fetch, url: URL) async throws {
        let transport: any HTTPTransport = fetch == .adapter ? URLSessionTransport() : CurlTransport()
        var warmUp = HTTPRequest(method: "GET", url: url.deletingLastPathComponent().appendingPathComponent("1"))
        warmUp.maximumResponseSize = 1
        _ = try await transport.send(warmUp)
        let started = ContinuousClock.now
        let body = try await transport.stream(HTTPRequest(method: "GET", url: url, maximumResponseSize: 1 << 30)).body
        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }
        while let chunk = try await body.next() {
            let written = chunk.withUnsafeBytes { write(null, $0.baseAddress, $0.count) }
            guard written == chunk.count else {
                throw BenchmarkError.unexpected("\(written) of \(chunk.count) bytes written")
            }
        }
        let seconds = (ContinuousClock.now - started).seconds
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print(seconds, usage.ru_maxrss)
    }
}
