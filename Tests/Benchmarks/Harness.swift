import Foundation

/// One thing measured: a closure timed in samples of `operations` calls each.
struct Variant {
    let label: String
    let operations: Int
    let body: () async throws -> Void

    init(_ label: String, operations: Int = 1, _ body: @escaping () async throws -> Void) {
        self.label = label
        self.operations = operations
        self.body = body
    }

    /// The time of one call, averaged over a sample.
    func sample() async throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<operations { try await body() }
        return (clock.now - start) / operations
    }
}

/// The statistics of a variant's samples.
struct Statistics: Encodable {
    let label: String
    let median: Double  // seconds
    let p90: Double
    let runs: Int

    init(label: String, samples: [Duration]) {
        let seconds = samples.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }.sorted()
        self.label = label
        median = seconds.isEmpty ? 0 : seconds[seconds.count / 2]
        p90 = seconds.isEmpty ? 0 : seconds[min(seconds.count - 1, Int(Double(seconds.count) * 0.9))]
        runs = seconds.count
    }
}

/// The two variants of a comparison and the median of their per-pair ratios.
struct Comparison {
    let a: Statistics
    let b: Statistics
    /// The median of A/B over the pairs: each pair ran back to back, so a load that slows
    /// both cancels out of its ratio.
    let ratio: Double

    init(_ a: Statistics, _ b: Statistics, samplesA: [Duration], samplesB: [Duration]) {
        self.a = a
        self.b = b
        let ratios = zip(samplesA, samplesB).map { $0 / $1 }.sorted()
        ratio = ratios.isEmpty ? 0 : ratios[ratios.count / 2]
    }
}

/// Warms both variants up, then interleaves them (A B A B …) so that load on a shared
/// machine falls on both alike, and reports each one's statistics and the ratio per pair.
enum Harness {
    static func compare(_ a: Variant, _ b: Variant, warmup: Int = 3, runs: Int) async throws -> Comparison {
        for _ in 0..<warmup {
            _ = try await a.sample()
            _ = try await b.sample()
        }
        var samplesA: [Duration] = []
        var samplesB: [Duration] = []
        for _ in 0..<runs {
            samplesA.append(try await a.sample())
            samplesB.append(try await b.sample())
        }
        return Comparison(
            Statistics(label: a.label, samples: samplesA), Statistics(label: b.label, samples: samplesB),
            samplesA: samplesA, samplesB: samplesB)
    }

    static func measure(_ variant: Variant, warmup: Int = 3, runs: Int) async throws -> Statistics {
        for _ in 0..<warmup { _ = try await variant.sample() }
        var samples: [Duration] = []
        for _ in 0..<runs { samples.append(try await variant.sample()) }
        return Statistics(label: variant.label, samples: samples)
    }
}
