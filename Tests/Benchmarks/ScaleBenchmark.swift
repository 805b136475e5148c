import CocoacastsAPI
import Domain
import Foundation

/// 7. Episode lists of 25, 1,000 and 100,000 items through the layer: time and peak
/// memory per item, which should stay flat as the list grows.
enum ScaleBenchmark {
    static let sizes = [25, 1_000, 100_000]

    static func run(runs: Int, benchmarkExecutable: String) async throws -> Row {
        var variants: [Statistics] = []
        var perItemTime: [Double] = []
        var peaks: [Double] = []
        for size in sizes {
            let client = try makeClient(body: try catalogue(of: size))
            let stats = try await Harness.measure(
                Variant("\(size) items", operations: max(1, 2_000 / size)) { _ = try await client.episodes() },
                runs: size >= 100_000 ? max(3, runs / 5) : runs)
            variants.append(stats)
            perItemTime.append(stats.median / Double(size))
            peaks.append(
                Double(try Spawn.peakMemoryKiB(benchmarkExecutable, ["--scale-child", "\(size)"], environment: [:]))
                    * 1024)
        }
        // Linear: the time per item and the memory each further item adds stay about the same as lists grow.
        let timeGrowth = perItemTime[2] / perItemTime[1]
        let bytesPerItem = [
            (peaks[1] - peaks[0]) / Double(sizes[1] - sizes[0]), (peaks[2] - peaks[1]) / Double(sizes[2] - sizes[1]),
        ]
        let memoryGrowth = bytesPerItem[1] / max(bytesPerItem[0], 1)
        let times = zip(sizes, perItemTime).map { "\($0): \(Report.time($1))/item" }.joined(separator: ", ")
        let memory = String(
            format: "peak %.0f → %.0f → %.0f MiB; %.0f then %.0f B per added item", peaks[0] / 1_048_576,
            peaks[1] / 1_048_576, peaks[2] / 1_048_576, bytesPerItem[0], bytesPerItem[1])
        return Row(
            benchmark: "7. scale 25 → 100,000 episodes", variants: variants, ratio: timeGrowth,
            target: "per-item time and memory linear (≤ 1.5× from 1k to 100k)", measured: times + "; " + memory,
            met: timeGrowth <= 1.5 && memoryGrowth <= 1.5)
    }

    /// What `--scale-child N` does in a process of its own, so that its peak memory is N's alone.
    static func child(size: Int) async throws {
        guard size > 0 else { return }
        let episodes = try await makeClient(body: try catalogue(of: size)).episodes()
        guard episodes.count == size else { throw BenchmarkError.unexpected("\(episodes.count) episodes") }
    }

    private static func makeClient(body: Data) throws -> APIClient {
        let configuration = try APIConfiguration(
            baseURL: URL(string: "https://api.example.com/api/v1")!, apiToken: "t", maximumResponseSize: 1 << 30)
        return APIClient(
            configuration: configuration, accessTokenProvider: NoToken(), transport: FixedResponseTransport(body: body))
    }

    /// The catalogue's episodes repeated, with fresh ids, until there are `size`.
    private static func catalogue(of size: Int) throws -> Data {
        let seed = try JSONDecoder().decode([Episode].self, from: Data(contentsOf: Paths.fixture("episodes-catalog")))
        let episodes = (0..<size).map { index in
            let episode = seed[index % seed.count]
            return Episode(
                id: index, title: episode.title, excerpt: episode.excerpt, imageURL: episode.imageURL,
                videoDuration: episode.videoDuration, videoID: "\(episode.videoID)-\(index)")
        }
        return try JSONEncoder().encode(episodes)
    }
}
