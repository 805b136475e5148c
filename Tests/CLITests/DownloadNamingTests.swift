import Foundation
import PortContracts
import TestSupport
import Testing

/// Copies are known by their episodes: listed with the episode and its title, named by the
/// references `download` takes, remembered at their quality, and a stopped batch says the one
/// command that goes on with every episode not finished.
@Suite(
    "downloads: copies named by their episodes",
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "needs ffmpeg (apt-get install ffmpeg)"))
struct DownloadNamingTests {
    @Test func copiesAreListedByEpisodeAndNamedByIdsOrWords() async throws {
        try await WatchTests.watching(DownloadHLSTests.arguments) { _, cli, _ in
            #expect(try await cli.run(["download", "556", "553", "--quality", "worst"]).status == 0)
            let table = try await cli.runOnTerminal(["downloads"], columns: 100, timeout: .seconds(30))
            for row in ["556  Authenticating the Users", "553  Adopting the Model-View-ViewModel Pattern"] {
                #expect(table.stdout.contains(row), "\(table.stdout)")
            }
            #expect(table.stdout.contains("90p") && table.stdout.contains("complete"), "\(table.stdout)")
            let json = try await cli.run(["downloads", "--json"])
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(Set(entries.compactMap { $0["episode"] as? Int }) == [556, 553])
            #expect(entries.allSatisfy { $0["state"] as? String == "complete" && $0["title"] is String })
            let updated = try #require(entries.first?["updated"] as? String)
            #expect(try Date.ISO8601FormatStyle().parse(updated) <= Date(), "an ISO 8601 time: \(updated)")

            let one = try await cli.run(["downloads", "553"])
            #expect(one.stdout.hasPrefix("553\tAdopting the Model-View-ViewModel Pattern\t90p\t"), "\(one.stdout)")
            #expect(!one.stdout.contains("556"))
            let byWords = try await cli.run(["downloads", "authenticating", "--remove"])
            #expect(byWords.status == 0, "\(byWords)")
            #expect(byWords.stdout.contains("Removed the copy of episode 556, “Authenticating the Users”"))
            let byVideo = try await cli.run(["downloads", "--remove", "629924871"])
            #expect(byVideo.stdout.contains("Removed the copy of episode 553"), "\(byVideo)")
            let none = try await cli.run(["downloads", "--remove", "2"])
            #expect(none.status == 1 && none.stderr.contains("No copy of episode or video 2 is on this machine"))
        }
    }

    /// `download 556 553 551 --quality 180`, stopped by Ctrl-C in the first: the line to go on
    /// names all three with the options; `download 556` alone goes on at 180p, keeping its parts.
    @Test func aStoppedBatchNamesEveryEpisodeNotFinishedAndACopyGoesOnAtItsQuality() async throws {
        // A second a file: the first episode takes ten, far more than a loaded machine needs to see its first part.
        try await WatchTests.watching(DownloadHLSTests.arguments + ["--media-delay", "1"]) {
            server, cli, directory in
            let copy = directory.file("home/.local/share/cocoacasts/videos/632759499/video")
            // Ctrl-C typed twice, as a viewer in a hurry does (a tenth of a second apart: a typed ^C
            // flushes what the terminal has not shown yet, and the driver shows it only between
            // its keys, so keys typed at once could flush the line the first one made the CLI
            // write); the terminal signals the whole group.
            let stopped = try await PseudoTerminal.run(
                [CLIProcess.binary.path, "download", "556", "553", "551", "--quality", "180", "--jobs", "1"],
                environment: cli.processEnvironment,
                signals: .init(
                    after: "[1/3]  Authenticating the Users", delay: 3.5, names: ["SIGINT", "SIGINT"], gap: 0.1,
                    delivery: .typed),
                timeout: .seconds(300))
            let said = OfflineWatchTests.said(stopped)
            #expect(stopped.status == 130, "\(said)")
            #expect(
                said.contains("Run `cocoacasts download 556 553 551 --quality 180 --jobs 1` to go on from there."),
                "\(said)")
            #expect(FileManager.default.fileExists(atPath: copy.path), "the first episode's parts are kept")
            let before = try await server.admin.count("GET", path: "/media/632759499/v1/seg0.ts")
            let resumed = try await cli.run(["download", "556"])
            #expect(resumed.stdout.contains("“Authenticating the Users”: 180p,"), "\(resumed)")
            #expect(
                try await server.admin.count("GET", path: "/media/632759499/v1/seg0.ts") == before,
                "a whole part of the stopped copy is not fetched again")
            #expect(try await server.admin.count("GET", path: "/media/632759499/v2/index.m3u8") == 0, "never 360p")
        }
    }

    @Test func aQualityThatIsNotOfferedSaysWhichWasTaken() async throws {
        try await WatchTests.watching(DownloadHLSTests.arguments) { _, cli, _ in
            let run = try await cli.run(["download", "556", "--quality", "720"])
            #expect(run.status == 0, "\(run)")
            #expect(
                run.stderr.contains("720p is not offered (this stream has 90p, 180p, 360p): 360p was taken."),
                "\(run.stderr)")
            let replaced = try await cli.run(["download", "556", "--quality", "worst"])
            #expect(
                replaced.stderr.contains(
                    "the copy of episode 556, “Authenticating the Users” at 360p (complete) is replaced by one at "
                        + "--quality worst."), "\(replaced.stderr)")
        }
    }
}
