import Foundation

/// 4. Eight CLI processes started together with an expired token. Target: one refresh
/// call, nobody signed out.
enum CrossProcessRefreshBenchmark {
    static func run(baseURL: URL, cli: String, runs: Int) async throws -> Row {
        let admin = Admin(baseURL: baseURL)
        let home = try BenchHome(signedInTo: baseURL, cli: cli, name: "8cli")
        defer { home.remove() }
        let environment = home.environment
        var samples: [Duration] = []
        var refreshes: Set<Int> = []
        var failures = 0
        for _ in 0..<runs {
            let before = try await admin.count(Admin.refresh)
            try await admin.expireAccessTokens()
            let outcomes = Spawn.runTogether(
                Array(repeating: (cli, ["video", "556"]), count: 8), environment: environment)
            refreshes.insert(try await admin.count(Admin.refresh) - before)
            failures += outcomes.filter { $0.status != 0 }.count
            samples.append(.seconds(outcomes.map(\.seconds).max() ?? 0))
        }
        let stillSignedIn = Spawn.run(cli, ["video", "556"], environment: environment).status == 0
        let timing = Statistics(label: "8 × cocoacasts video", samples: samples)
        return Row(
            benchmark: "4. cross-process refresh", variants: [timing], ratio: nil, target: "1 refresh, no sign-out",
            measured: "refreshes per round \(refreshes.sorted()), \(failures) failed runs, "
                + (stillSignedIn ? "still signed in" : "SIGNED OUT"),
            met: refreshes == [1] && failures == 0 && stillSignedIn)
    }
}
