import Foundation

/// Row 16: `cocoacasts continue` over a 300-episode catalogue whose every position answers
/// after 50 ms, against the floor those answers set: requests × delay ÷ the requests one
/// client has in flight to a server (`APIConfiguration`'s `maximumConcurrentRequests`, 6).
enum ContinueBenchmark {
    static let episodes = 300
    static let delay = 0.05
    static let connections = 6

    static func run(url: URL, cli: String, runs: Int) async throws -> Row {
        let home = try BenchHome(signedInTo: url, cli: cli, name: "continue")
        defer { home.remove() }
        let environment = home.environment
        // Three episodes started, so that the list has rows to draw.
        for id in [100_000, 100_001, 100_002] {  // the generated catalogue's first ids
            let set = Spawn.run(cli, ["progress", "\(id)", "--set", "30"], environment: environment)
            guard set.status == 0 else { throw BenchmarkError.unexpected("progress --set exited \(set.status)") }
        }
        var seconds: [Double] = []
        for _ in 0..<max(runs, 3) {
            let listed = Spawn.run(cli, ["continue"], environment: environment)
            guard listed.status == 0 else { throw BenchmarkError.unexpected("continue exited \(listed.status)") }
            seconds.append(listed.seconds)
        }
        let floor = Double(episodes) * delay / Double(connections)
        let statistics = Statistics(label: "cocoacasts continue", seconds: seconds)
        let ratio = statistics.median / floor
        return Row(
            benchmark: "16. continue, \(episodes) episodes behind \(Int(delay * 1000)) ms",
            variants: [statistics], ratio: ratio, target: "≤ 1.2× the floor (requests × delay ÷ connections)",
            measured: String(format: "%.2f s against a floor of %.2f s: %.2f×", statistics.median, floor, ratio),
            met: ratio <= 1.2)
    }
}
