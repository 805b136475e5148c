import Foundation

/// 15. Downloads, each beside what a user would otherwise run, in one run, the media served by
/// servers that are not the project's mock (which only answers the API and points the
/// videoURLs at them):
///
/// - a: a 200 MiB plain file from nginx to disk: `cocoacasts download` vs `curl -o` (target
///   ≤ 1.05×);
/// - b: the download's peak memory for nginx's 50 MiB and 500 MiB files (target ≤ 25 MiB, and
///   not growing with the file);
/// - c and f: a 10-minute HLS episode (2 s parts, the 360p variant and the audio: 600 parts)
///   from python's `http.server`, a thread per connection and 40 ms before each answer, with
///   a connection per request (c, HTTP/1.0) and with connections kept (f, HTTP/1.1):
///   `cocoacasts download --jobs 4` vs `yt-dlp -N 4` (native HLS, merged into one MP4) vs
///   `curl -Z --parallel-max 4` over the same part URLs (targets ≤ 0.9× yt-dlp and ≤ 1.0× curl),
///   and the floor (parts × 40 ms ÷ 4);
/// - d: the parts fetched again when a download killed (SIGKILL) at half is run again
///   (target: at most one per job in flight), counted in the mock's own log of its stream;
/// - e: AES-128 parts decrypted as they arrive (``EncryptedPartsBenchmark``).
///
/// Every part is digested (SHA-256) as it is written, and every part checked on disk before
/// the copy is called complete: rows a to d measure that work too.
///
/// Each run starts from an empty data folder. Scripts/bench starts the servers.
enum DownloadBenchmark {
    static func run(fileURLs: [URL], hlsURL: URL?, plainHLS: (urls: [URL], folder: String)?, cli: String, runs: Int)
        async throws -> [Row]
    {
        var rows: [Row] = []
        if fileURLs.count == 3 {
            rows.append(try await plainFile(fileURLs[1], cli: cli, runs: runs))
            rows.append(try peakMemory(small: fileURLs[0], large: fileURLs[2], cli: cli))
        }
        if let plainHLS, plainHLS.urls.count == 2 {
            for (server, keepsConnections) in zip(plainHLS.urls, [false, true]) {
                rows.append(
                    try stream(
                        server, folder: plainHLS.folder, keepsConnections: keepsConnections, cli: cli, runs: runs))
            }
        }
        if let hlsURL {
            rows.append(try await killedAtHalf(hlsURL, cli: cli))
        }
        return rows
    }

    /// Removes the data folder of `environment`: the next download starts from nothing.
    private static func emptyData(_ environment: [String: String]) throws {
        let data = URL(fileURLWithPath: environment["XDG_DATA_HOME"] ?? "/nonexistent")
        if FileManager.default.fileExists(atPath: data.path) { try FileManager.default.removeItem(at: data) }
    }

    /// `cocoacasts download 556` from nothing, timed; fails the row when it does not exit 0.
    private static func download(_ environment: [String: String], cli: String, _ extra: [String] = []) throws
        -> Double
    {
        try emptyData(environment)
        let run = Spawn.run(cli, ["download", "556"] + extra, environment: environment)
        guard run.status == 0 else { throw BenchmarkError.unexpected("download exited \(run.status)") }
        return run.seconds
    }

    /// The stream URL the server gives video 556's episode (632759499), as `video --json` prints it.
    private static func streamURL(_ environment: [String: String], cli: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: cli)
        process.arguments = ["video", "632759499", "--json"]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let url = json["videoURL"] as? String
        else { throw BenchmarkError.unexpected("video --json: \(String(decoding: data, as: UTF8.self))") }
        return url
    }

    private static func plainFile(_ server: URL, cli: String, runs: Int) async throws -> Row {
        let home = try BenchHome(signedInTo: server, cli: cli, name: "download")
        defer { home.remove() }
        let environment = home.environment
        let url = try streamURL(environment, cli: cli)
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("cocoacasts-bench-curl-\(getpid())")
        defer { try? FileManager.default.removeItem(at: target) }
        var ours: [Double] = []
        var curl: [Double] = []
        for _ in 0..<max(3, runs / 3) {
            ours.append(try download(environment, cli: cli))
            try? FileManager.default.removeItem(at: target)
            let fetched = Spawn.run("/usr/bin/curl", ["-sS", "-o", target.path, url], environment: environment)
            guard fetched.status == 0 else { throw BenchmarkError.unexpected("curl exited \(fetched.status)") }
            curl.append(fetched.seconds)
        }
        try emptyData(environment)
        let comparison = Comparison(labels: ["cocoacasts download", "curl -o"], samples: [ours, curl])
        return Row(
            benchmark: "15a. 200 MiB file to disk", variants: comparison.variants, ratio: comparison.ratio,
            target: "cocoacasts ÷ curl ≤ 1.05", measured: String(format: "%.2f×", comparison.ratio),
            met: comparison.ratio <= 1.05)
    }

    private static func peakMemory(small: URL, large: URL, cli: String) throws -> Row {
        var peaks: [Double] = []
        for server in [small, large] {
            let home = try BenchHome(signedInTo: server, cli: cli, name: "download")
            defer { home.remove() }
            let environment = home.environment
            try emptyData(environment)
            peaks.append(Double(try Spawn.peakMemoryKiB(cli, ["download", "556"], environment: environment)) / 1024)
            try emptyData(environment)
        }
        let met = peaks.allSatisfy { $0 <= 25 } && peaks[1] <= peaks[0] * 1.1
        return Row(
            benchmark: "15b. download peak memory", variants: [], ratio: peaks[1],
            target: "≤ 25 MiB, 500 MiB as 50 MiB", measured: String(format: "%.1f MiB / %.1f MiB", peaks[0], peaks[1]),
            met: met)
    }

    private static func stream(_ server: URL, folder: String, keepsConnections: Bool, cli: String, runs: Int)
        throws -> Row
    {
        let home = try BenchHome(signedInTo: server, cli: cli, name: "download")
        defer { home.remove() }
        let environment = home.environment
        let master = try streamURL(environment, cli: cli)
        let base = master.replacingOccurrences(of: "master.m3u8", with: "")
        // The parts of the 360p variant (v1) and of the audio (v2), as their playlists list them.
        let parts = try ["v1", "v2"].flatMap { variant in
            try String(contentsOfFile: folder + "/\(variant)/index.m3u8", encoding: .utf8)
                .split(separator: "\n").filter { !$0.isEmpty && !$0.hasPrefix("#") }.map { "\(variant)/\($0)" }
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cocoacasts-bench-hls-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        func fresh() throws {
            try? FileManager.default.removeItem(at: work)
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        }
        // curl's own list: one URL and one output file per part.
        let curlConfig = parts.map { part in
            "url = \"\(base + part)\"\noutput = \"\(work.path)/\(part.replacingOccurrences(of: "/", with: "-"))\"\n"
        }.joined()
        var samples: [[Double]] = [[], [], []]
        for _ in 0..<max(2, runs / 5) {
            samples[0].append(try download(environment, cli: cli, ["--jobs", "4"]))
            try fresh()
            let ytdlp = Spawn.run(
                "/usr/bin/env",
                [
                    "yt-dlp", "--quiet", "--no-progress", "-N", "4", "--hls-prefer-native", "-f",
                    "bv*[height=360]+ba", "-o", work.appendingPathComponent("out.%(ext)s").path, master,
                ], environment: environment.merging(["PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""]) { $1 })
            guard ytdlp.status == 0 else { throw BenchmarkError.unexpected("yt-dlp exited \(ytdlp.status)") }
            samples[1].append(ytdlp.seconds)
            try fresh()
            let list = FileManager.default.temporaryDirectory.appendingPathComponent(
                "cocoacasts-bench-curl-\(getpid()).cfg")
            defer { try? FileManager.default.removeItem(at: list) }
            try curlConfig.write(to: list, atomically: true, encoding: .utf8)
            let curl = Spawn.run(
                "/usr/bin/curl", ["-sS", "-Z", "--parallel-max", "4", "-K", list.path], environment: environment)
            guard curl.status == 0 else { throw BenchmarkError.unexpected("curl -Z exited \(curl.status)") }
            samples[2].append(curl.seconds)
        }
        try emptyData(environment)
        let floor = Double(parts.count) * 0.04 / 4
        let comparison = Comparison(
            labels: ["cocoacasts --jobs 4", "yt-dlp -N 4", "curl -Z --parallel-max 4"], samples: samples)
        let (versusYTDLP, versusCurl) = (comparison.ratio(to: 1), comparison.ratio(to: 2))
        return Row(
            benchmark: keepsConnections
                ? "15f. 10-min HLS, python, connections kept" : "15c. 10-min HLS, python, a connection a request",
            variants: comparison.variants, ratio: versusYTDLP, target: "≤ 0.9× yt-dlp, ≤ 1.0× curl -Z",
            measured: String(
                format: "%.2f× yt-dlp, %.2f× curl; floor %.1f s, ours %.1f s", versusYTDLP, versusCurl, floor,
                comparison.a.median),
            met: versusYTDLP <= 0.9 && versusCurl <= 1.0)
    }

    private static func killedAtHalf(_ server: URL, cli: String) async throws -> Row {
        // Reset first: it ends the server's sessions too, so the sign-in comes after it.
        let admin = Admin(baseURL: server)
        try await admin.reset()
        let home = try BenchHome(signedInTo: server, cli: cli, name: "download")
        defer { home.remove() }
        let environment = home.environment
        try emptyData(environment)
        let copy = URL(fileURLWithPath: environment["XDG_DATA_HOME"]!).appendingPathComponent(
            "cocoacasts/videos/632759499")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: cli)
        process.arguments = ["download", "556", "--jobs", "4"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(120)
        while wholeParts(in: copy) < 100 && ContinuousClock.now < deadline { usleep(5_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let kept = wholeParts(in: copy)
        let resumed = Spawn.run(cli, ["download", "556", "--jobs", "4"], environment: environment)
        guard resumed.status == 0 else {
            throw BenchmarkError.unexpected("the resumed download exited \(resumed.status)")
        }
        let segments = try await admin.paths().filter { $0.key.hasSuffix(".ts") }
        let again = segments.values.reduce(0) { $0 + max(0, $1 - 1) }
        try emptyData(environment)
        return Row(
            benchmark: "15d. parts fetched again after kill", variants: [], ratio: Double(again),
            target: "≤ 4 (one per job in flight)",
            measured: "\(again) of \(segments.count) (\(kept) whole at the kill)", met: again <= 4)
    }

    /// The parts of the copy in `folder` that are whole (a `.ts` file, not a `.part`).
    private static func wholeParts(in folder: URL) -> Int {
        ["video", "audio"].reduce(0) { count, rendition in
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(rendition).path))
                ?? []
            return count + names.filter { $0.hasSuffix(".ts") }.count
        }
    }
}
