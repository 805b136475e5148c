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
    let median: Double  // seconds (CPU seconds in row 10)
    let p90: Double
    let runs: Int
    /// The first variant of its comparison over this one: the median of the per-round
    /// ratios. `nil` for the first variant itself.
    let ratio: Double?

    init(label: String, samples: [Duration], ratio: Double? = nil) {
        self.init(label: label, seconds: samples.map(\.seconds), ratio: ratio)
    }

    init(label: String, seconds: [Double], ratio: Double? = nil) {
        let seconds = seconds.sorted()
        self.label = label
        median = Self.median(seconds)
        p90 = seconds.isEmpty ? 0 : seconds[min(seconds.count - 1, Int(Double(seconds.count) * 0.9))]
        runs = seconds.count
        self.ratio = ratio
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// The variants of a comparison, each measured in the same rounds.
struct Comparison {
    /// Every variant's statistics; each after the first carries the first's ratio to it.
    let variants: [Statistics]

    /// Each round ran every variant back to back, so a load that slows them all cancels out
    /// of the ratio taken within the round; the median of those is each variant's `ratio`.
    init(labels: [String], samples: [[Double]]) {
        variants = zip(labels, samples).enumerated().map { index, variant in
            guard index > 0 else { return Statistics(label: variant.0, seconds: variant.1) }
            let ratios = zip(samples[0], variant.1).map { $0 / $1 }
            return Statistics(label: variant.0, seconds: variant.1, ratio: Statistics.median(ratios))
        }
    }

    var a: Statistics { variants[0] }
    var b: Statistics { variants[1] }
    /// The first variant over the second.
    var ratio: Double { ratio(to: 1) }

    /// The first variant over variant `index`.
    func ratio(to index: Int) -> Double { variants[index].ratio ?? 1 }
}

/// Warms the variants up, then interleaves them (A B C A B C …) so that load on a shared
/// machine falls on all alike, and reports each one's statistics and the ratios per round.
enum Harness {
    static func compare(_ variants: Variant..., warmup: Int = 3, runs: Int) async throws -> Comparison {
        for _ in 0..<warmup {
            for variant in variants { _ = try await variant.sample() }
        }
        var samples = [[Double]](repeating: [], count: variants.count)
        for _ in 0..<runs {
            for (index, variant) in variants.enumerated() { samples[index].append(try await variant.sample().seconds) }
        }
        return Comparison(labels: variants.map(\.label), samples: samples)
    }

    static func measure(_ variant: Variant, warmup: Int = 3, runs: Int) async throws -> Statistics {
        for _ in 0..<warmup { _ = try await variant.sample() }
        var samples: [Duration] = []
        for _ in 0..<runs { samples.append(try await variant.sample()) }
        return Statistics(label: variant.label, samples: samples)
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
