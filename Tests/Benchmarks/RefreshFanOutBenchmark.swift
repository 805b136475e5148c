import CocoacastsAPI
import CurlTransport
import Domain
import FileTokenStore
import Foundation
import Ports
import Stores

/// 3. A thousand concurrent `video(id:)` calls meeting an expired token, versus the same
/// thousand with a valid one. Target: exactly one refresh call, time ratio at most 1.3.
enum RefreshFanOutBenchmark {
    static let videoID = "632759499"
    static let calls = 1_000

    static func run(baseURL: URL, runs: Int) async throws -> Row {
        let admin = Admin(baseURL: baseURL)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cocoacasts-bench-fanout-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = try APIConfiguration(baseURL: baseURL, apiToken: APIConfiguration.seriesAPIToken)
        let store = KeyValueTokenStore.credentialsFile(
            at: directory.appendingPathComponent("credentials.json"), origin: configuration.origin)
        let client = APIClient(configuration: configuration, tokenStore: store, transport: CurlTransport())
        try await client.signIn(email: "demo@cocoacasts.com", password: "cocoacasts")
        var expired: [Double] = []
        var valid: [Double] = []
        var refreshesPerFanOut: Set<Int> = []
        for round in 0..<(runs + 1) {
            let before = try await admin.count(Admin.refresh)
            try await admin.expireAccessTokens()
            let expiredTime = try await fanOut(client)
            refreshesPerFanOut.insert(try await admin.count(Admin.refresh) - before)
            let validTime = try await fanOut(client)
            if round > 0 {  // the first round warms up
                expired.append(expiredTime.seconds)
                valid.append(validTime.seconds)
            }
        }
        let comparison = Comparison(
            labels: ["\(calls) calls, expired token", "\(calls) calls, valid token"], samples: [expired, valid])
        let ratio = comparison.ratio
        let oneRefresh = refreshesPerFanOut == [1]
        return Row(
            benchmark: "3. refresh fan-out", variants: comparison.variants, ratio: ratio,
            target: "1 refresh, ratio ≤ 1.3",
            measured: "refreshes per fan-out \(refreshesPerFanOut.sorted()), ratio " + String(format: "%.2f", ratio),
            met: oneRefresh && ratio <= 1.3)
    }

    private static func fanOut(_ client: APIClient) async throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<calls { group.addTask { try await client.video(id: videoID).duration } }
            for try await duration in group where duration != 513 {
                throw BenchmarkError.unexpected("duration \(duration)")
            }
        }
        return clock.now - start
    }
}
