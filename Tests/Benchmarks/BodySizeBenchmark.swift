import CurlTransport
import Foundation
import Ports

/// 8. Large bodies over loopback (`GET /__admin/bytes/N`), at 1, 10 and 50 MiB: the libcurl
/// transport (its limit raised above the body) against the URLSession adapter and bare
/// `URLSession.data(for:)`, in this process. Targets: at each size at most 1.0× bare
/// URLSession; time per byte flat from 1 to 50 MiB; the transport's added peak memory at
/// most 1.5 × the body (measured in a child process of its own, over the peak of a 1-byte
/// body); a body over the limit refused within 50 ms of the limit's last byte; and (8g, see
/// ``BodyIntoNullBenchmark``) 50 MiB fetched into /dev/null at most 1.2× `curl -o /dev/null`.
enum BodySizeBenchmark {
    static let sizes = [1 << 20, 10 << 20, 50 << 20]

    static func run(baseURL: URL, runs: Int, benchmarkExecutable: String) async throws -> [Row] {
        let admin = baseURL.deletingLastPathComponent().deletingLastPathComponent()
        let clients = Fetch.allCases.map { $0.client() }
        var rows: [Row] = []
        var perByte: [Double] = []
        for (size, letter) in zip(sizes, ["a", "b", "c"]) {
            let url = admin.appendingPathComponent("__admin/bytes/\(size)")
            let read = zip(Fetch.allCases, clients).map { fetch, client in
                Variant(fetch.label) {
                    let count = try await client.get(url, limit: size + 1).count
                    guard count == size else { throw BenchmarkError.unexpected("\(count) bytes") }
                }
            }
            let comparison = try await Harness.compare(
                read[0], read[1], read[2], warmup: 1, runs: size >> 20 > 10 ? max(5, runs / 2) : runs)
            perByte.append(comparison.a.median / Double(size))
            let bare = comparison.ratio(to: 2)
            rows.append(
                Row(
                    benchmark: "8\(letter). body of \(size >> 20) MiB, loopback", variants: comparison.variants,
                    ratio: bare, target: "≤ 1.0× bare URLSession",
                    measured: String(format: "%.2f× bare URLSession", bare), met: bare <= 1.0))
        }
        rows.append(try flatness(perByte))
        rows.append(try memory(admin: admin, benchmarkExecutable: benchmarkExecutable))
        rows.append(try await refusal(admin: admin, transport: CurlTransport(), runs: runs))
        rows.append(try BodyIntoNullBenchmark.run(admin: admin, runs: runs, benchmarkExecutable: benchmarkExecutable))
        return rows
    }

    /// Time per byte at 50 MiB over time per byte at 1 MiB.
    private static func flatness(_ perByte: [Double]) throws -> Row {
        guard let first = perByte.first, let last = perByte.last, first > 0 else {
            throw BenchmarkError.unexpected("no body timings")
        }
        let growth = last / first
        return Row(
            benchmark: "8d. time per byte, 1 → 50 MiB", variants: [], ratio: growth,
            target: "flat (50 MiB ≤ 1.25 × 1 MiB)",
            measured: perByte.map { String(format: "%.2f ns/B", $0 * 1e9) }.joined(separator: " → "),
            met: growth <= 1.25)
    }

    /// The transport's peak memory for the largest body, over that of a 1-byte body.
    private static func memory(admin: URL, benchmarkExecutable: String) throws -> Row {
        let size = sizes[sizes.count - 1]
        let empty = try Spawn.peakMemoryKiB(
            benchmarkExecutable, ["--body-child", admin.absoluteString, "1"], environment: [:])
        let full = try Spawn.peakMemoryKiB(
            benchmarkExecutable, ["--body-child", admin.absoluteString, "\(size)"], environment: [:])
        let added = Double(full - empty) * 1024 / Double(size)
        return Row(
            benchmark: "8e. peak memory, \(size >> 20) MiB body", variants: [], ratio: added,
            target: "added ≤ 1.5 × body",
            measured: String(format: "%.2f × body (%d → %d MiB)", added, empty >> 10, full >> 10), met: added <= 1.5)
    }

    /// What `--body-child BASE SIZE` does in a process of its own: one read of SIZE bytes.
    static func child(admin: URL, size: Int) async throws {
        let request = HTTPRequest(
            method: "GET", url: admin.appendingPathComponent("__admin/bytes/\(size)"), maximumResponseSize: size + 1)
        let data = try await CurlTransport().send(request).body
        guard data.count == size else { throw BenchmarkError.unexpected("\(data.count) bytes") }
    }

    /// A body 10 MiB over a 10 MiB limit against reading exactly 10 MiB: the refusal
    /// should cost no more than the limit's bytes.
    private static func refusal(admin: URL, transport: CurlTransport, runs: Int) async throws -> Row {
        let limit = 10 << 20
        let over = HTTPRequest(
            method: "GET", url: admin.appendingPathComponent("__admin/bytes/\(2 * limit)"), maximumResponseSize: limit)
        let exact = HTTPRequest(
            method: "GET", url: admin.appendingPathComponent("__admin/bytes/\(limit)"), maximumResponseSize: limit)
        let comparison = try await Harness.compare(
            Variant("20 MiB, refused at 10 MiB") {
                do {
                    _ = try await transport.send(over)
                    throw BenchmarkError.unexpected("an oversized body was accepted")
                } catch let error as TransportError where error.cause == .tooLarge {}
            },
            Variant("10 MiB, read whole") { _ = try await transport.send(exact) },
            warmup: 1, runs: max(3, runs / 2))
        let later = comparison.a.median - comparison.b.median
        return Row(
            benchmark: "8f. refusal over the limit", variants: [comparison.a, comparison.b], ratio: comparison.ratio,
            target: "≤ 50 ms after the limit's bytes", measured: String(format: "%+.1f ms", later * 1e3),
            met: later <= 0.05)
    }
}
