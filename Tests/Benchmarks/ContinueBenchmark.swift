import Foundation

/// Row 16: `cocoacasts continue` over a 300-episode catalogue whose every position answers
/// after 50 ms, against the floor those answers set: requests × delay ÷ the requests one
/// client has in flight to a server (`APIConfiguration`'s `maximumConcurrentRequests`, 6).
/// Row 16b: `watch` with nothing named over it, against `continue`. Row 16c: `sync` with
/// nothing to do over it (its three episodes already copied), against `continue`.
enum ContinueBenchmark {
    static let episodes = 300
    static let delay = 0.05
    static let connections = 6

    /// Row 16, and row 16b: `watch` with nothing named over the same catalogue, against
    /// `continue`, once an episode was played here.
    static func run(url: URL, cli: String, runs: Int) async throws -> [Row] {
        let home = try BenchHome(signedInTo: url, cli: cli, name: "continue")
        defer { home.remove() }
        let environment = home.environment
        // Three episodes started, so that the list has rows to draw.
        for id in [100_000, 100_001, 100_002] {  // the generated catalogue's first ids
            let set = Spawn.run(cli, ["progress", "\(id)", "--set", "30"], environment: environment)
            guard set.status == 0 else { throw BenchmarkError.unexpected("progress --set exited \(set.status)") }
        }
        let listing = try timed(cli, ["continue"], environment: environment, runs: runs)
        let floor = Double(episodes) * delay / Double(connections)
        let statistics = Statistics(label: "cocoacasts continue", seconds: listing)
        let ratio = statistics.median / floor
        let row = Row(
            benchmark: "16. continue, \(episodes) episodes behind \(Int(delay * 1000)) ms",
            variants: [statistics], ratio: ratio, target: "≤ 1.2× the floor (requests × delay ÷ connections)",
            measured: String(format: "%.2f s against a floor of %.2f s: %.2f×", statistics.median, floor, ratio),
            met: ratio <= 1.2)
        // Played here, so the history knows it; `true` is a player that ends at once.
        let played = Spawn.run(cli, ["watch", "100001", "--player", "true"], environment: environment)
        guard played.status == 0 else { throw BenchmarkError.unexpected("watch exited \(played.status)") }
        let resuming = Statistics(
            label: "cocoacasts watch",
            seconds: try timed(cli, ["watch", "--player", "true"], environment: environment, runs: runs))
        let share = resuming.median / statistics.median
        let latest = Row(
            benchmark: "16b. watch with nothing named, the same catalogue",
            variants: [statistics, resuming], ratio: share,
            target: "≤ 0.5× continue (only the positions of what was played here)",
            measured: String(
                format: "%.2f s against continue's %.2f s: %.2f×", resuming.median, statistics.median, share),
            met: share <= 0.5)
        // The started episodes copied once (the server's media are 2 s long); each run after has nothing to do.
        let first = Spawn.run(cli, ["sync"], environment: environment)
        guard first.status == 0 else { throw BenchmarkError.unexpected("the first sync exited \(first.status)") }
        let syncing = Statistics(
            label: "cocoacasts sync", seconds: try timed(cli, ["sync"], environment: environment, runs: runs))
        let syncShare = syncing.median / statistics.median
        let sync = Row(
            benchmark: "16c. sync with nothing to do, the same catalogue",
            variants: [statistics, syncing], ratio: syncShare, target: "≤ 1.2× continue",
            measured: String(
                format: "%.2f s against continue's %.2f s: %.2f×", syncing.median, statistics.median, syncShare),
            met: syncShare <= 1.2)
        return [row, latest, sync]
    }

    /// The seconds of each of at least three runs of `cli arguments…`, each of which must succeed.
    private static func timed(_ cli: String, _ arguments: [String], environment: [String: String], runs: Int) throws
        -> [Double]
    {
        try (0..<max(runs, 3)).map { _ in
            let run = Spawn.run(cli, arguments, environment: environment)
            guard run.status == 0 else { throw BenchmarkError.unexpected("\(arguments[0]) exited \(run.status)") }
            return run.seconds
        }
    }
}
