import Foundation
import PortContracts
import TestSupport
import Testing

/// The CLI against `Scripts/mock-api --media hls`: a Vimeo-shaped stream that real ffmpeg made
/// (three H.264 variants sharing one AAC rendition), copied segment by segment and played from
/// disk by real mpv with the server gone.
@Suite(
    "download: an HLS stream copied byte for byte, and played from disk",
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "needs ffmpeg (apt-get install ffmpeg)"))
struct DownloadHLSTests {
    static let arguments = ["hls", "--media-seconds", "8"]

    /// The file at `path` of the stream (`v2/seg1.ts`), fetched by curl: a second client.
    static func served(_ path: String, by server: MockAPIServer, in directory: TemporaryDirectory) async throws -> Data
    {
        let target = directory.file("served-\(UUID().uuidString)")
        let url = "http://127.0.0.1:\(server.port)/media/632759499/\(path)"
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["curl", "-sSf", "-o", target.path, url])
        #expect(run.status == 0, "\(run.stderr)")
        return try Data(contentsOf: target)
    }

    @Test func theBestVariantAndItsAudioAreCopiedByteForByteEachSegmentFetchedOnce() async throws {
        try await WatchTests.watching(Self.arguments) { server, cli, directory in
            let downloaded = try await cli.run(["download", "556"])
            #expect(downloaded.status == 0, "\(downloaded)")
            #expect(downloaded.stdout.contains("episode 556, “Authenticating the Users”: 360p,"))
            let copy = directory.file("home/.local/share/cocoacasts/videos/632759499")
            for (local, rendition) in [("video", "v2"), ("audio", "v3")] {
                let playlist = try String(
                    contentsOf: copy.appendingPathComponent("\(local)/index.m3u8"), encoding: .utf8)
                let segments = playlist.split(separator: "\n").filter { $0.hasSuffix(".ts") }
                #expect(segments.count >= 4, "\(playlist)")
                for (index, name) in segments.enumerated() {
                    let mine = try Data(contentsOf: copy.appendingPathComponent("\(local)/\(name)"))
                    #expect(mine == (try await Self.served("\(rendition)/seg\(index).ts", by: server, in: directory)))
                    let path = "/media/632759499/\(rendition)/seg\(index).ts"
                    #expect(try await server.admin.count("GET", path: path) == 2, "ours, then curl's")
                }
            }
            #expect(try await server.admin.count("GET", path: "/media/632759499/v0/seg0.ts") == 0, "nor other variants")
            #expect(try await server.admin.count("media-credentials") == 0)
        }
    }

    /// `--json` is for scripts: one object per line, how far while it runs, then how it ended.
    @Test func jsonSaysHowFarLineByLineThenHowItEnded() async throws {
        try await WatchTests.watching(Self.arguments + ["--media-delay", "0.3"]) { _, cli, _ in
            let downloaded = try await cli.run(["download", "556", "--json", "--jobs", "1"])
            #expect(downloaded.status == 0 && downloaded.stderr.isEmpty, "\(downloaded)")
            let events = try downloaded.stdout.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            let progress = events.dropLast()
            #expect(progress.count >= 2 && progress.allSatisfy { $0["event"] as? String == "progress" })
            let bytes = progress.compactMap { $0["bytes"] as? Int }
            let parts = Set(progress.compactMap { $0["parts"] as? Int })
            #expect(bytes == bytes.sorted() && parts.count == 1 && (parts.first ?? 0) >= 8, "\(parts)")
            #expect(events.last?["event"] as? String == "complete" && events.last?["quality"] as? String == "360p")
        }
    }

    @Test func theWorstQualityIsTheSmallestPicture() async throws {
        try await WatchTests.watching(Self.arguments) { _, cli, _ in
            let downloaded = try await cli.run(["download", "556", "--quality", "worst", "--jobs", "1"])
            #expect(
                downloaded.status == 0 && downloaded.stdout.contains("episode 556, “Authenticating the Users”: 90p,"),
                "\(downloaded)")
        }
    }

    /// `--list-qualities` reads the master playlist alone: the three pictures, smallest first,
    /// with what best and worst pick and the size for the episode's 8:33; no part is fetched.
    @Test func theQualitiesAreListedAndNothingIsFetched() async throws {
        try await WatchTests.watching(Self.arguments) { server, cli, directory in
            let listed = try await cli.run(["download", "556", "--list-qualities"])
            #expect(listed.status == 0, "\(listed)")
            let lines = listed.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "episode 556, “Authenticating the Users”, 8:33, about:", "\(listed.stdout)")
            #expect(lines.dropFirst().map { $0.split(separator: " ").first ?? "" } == ["90p", "180p", "360p"])
            #expect(lines.count == 4 && lines[1].hasSuffix("worst") && lines[3].hasSuffix("best"), "\(listed.stdout)")
            let json = try await cli.run(["download", "authenticating", "--list-qualities", "--json"])
            let offers = try #require(
                try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
            let qualities = try #require(offers.first?["qualities"] as? [[String: Any]])
            #expect(qualities.compactMap { $0["height"] as? Int } == [90, 180, 360])
            #expect(qualities.map { $0["chosenBy"] as? [String] ?? [] } == [["worst"], [], ["best"]])
            // The bit rate × 513 s ÷ 8: the average when the playlist ffmpeg wrote says one, else the peak.
            let best = try #require(qualities.last)
            let rate = best["averageBandwidth"] as? Int ?? best["bandwidth"] as? Int ?? 0
            #expect(best["bytes"] as? Int == rate / 8 * 513)
            let both = try await cli.run(["download", "556", "--list-qualities", "--quality", "720"])
            #expect(both.status == 64 && both.stderr.contains("--list-qualities lists every quality"), "\(both)")
            #expect(try await server.admin.count(MockAPIRoute.media) == 2, "the master playlist, twice, and no part")
            #expect(!FileManager.default.fileExists(atPath: directory.file("home/.local/share/cocoacasts/videos").path))
        }
    }

    @Test func theCopyPlaysFromDiskWithTheServerStopped() async throws {
        try await WatchTests.watching(Self.arguments) { server, cli, _ in
            #expect(try await cli.run(["download", "556"]).status == 0)
            await server.stop()
            let watched = try await PseudoTerminal.run(
                [CLIProcess.binary.path, "watch", "556"], environment: cli.processEnvironment,
                signals: .init(after: "00:00:02 of", delay: 0.2, names: ["SIGINT"], delivery: .typed),
                timeout: .seconds(90))
            #expect(watched.status == 130, "\(watched.stdout.suffix(800))")
            #expect(watched.stdout.contains("playing the copy on this machine (360p)"))
            #expect(watched.stdout.contains("VO: [null] 640x360"), "mpv shows the picture of the copy")
            #expect(watched.stdout.contains("is kept on this machine"), "\(watched.stdout.suffix(600))")
        }
    }
}
