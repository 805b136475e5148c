import Foundation
import PortContracts
import TestSupport
import Testing

/// `download`, `downloads` and `watch` from the copy, end to end: the CLI against the mock
/// API's media over loopback, real mpv, the server stopped for the offline part.
@Suite("download: a copy on this machine, listed, and watched with the server gone")
struct DownloadTests {
    @Test func aDownloadedEpisodePlaysWithTheServerStoppedAndKeepsThePosition() async throws {
        try await WatchTests.watching { server, cli, directory in
            let downloaded = try await cli.run(["download", "556", "--jobs", "2"])
            #expect(downloaded.status == 0, "\(downloaded)")
            #expect(
                downloaded.stdout.contains("episode 556, “Authenticating the Users”: the file, 4.1 MB, on this machine")
            )
            let folder = directory.file("home/.local/share/cocoacasts/videos/632759499")
            #expect(try TemporaryDirectory.mode(of: folder) == "700")
            #expect(try TemporaryDirectory.mode(of: folder.appendingPathComponent("video.wav")) == "600")
            #expect(try await server.admin.count("media-credentials") == 0, "the media host got no credential")
            let listed = try await cli.run(["downloads", "--json"])
            #expect(
                listed.stdout.contains("\"videoID\" : \"632759499\"")
                    && listed.stdout.contains("\"state\" : \"complete\"")
                    && listed.stdout.contains("\"episode\" : 556"), "\(listed.stdout)")
            await server.stop()
            // Ctrl-C typed once mpv shows two seconds played, however long a busy machine took to get there.
            let watched = try await PseudoTerminal.run(
                [CLIProcess.binary.path, "watch", "556"], environment: cli.processEnvironment,
                signals: .init(after: "00:00:02 of", delay: 0.2, names: ["SIGINT"], delivery: .typed),
                timeout: .seconds(90))
            #expect(watched.status == 130, "\(watched)")
            #expect(watched.stdout.contains("playing the copy on this machine"))
            #expect(watched.stdout.contains("is kept on this machine"), "\(watched.stdout.suffix(600))")
            let status = try await cli.run(["status", "--offline"])
            #expect(status.stdout.contains("1 position kept on this machine: video 632759499"), "\(status.stdout)")
        }
    }

    @Test func aCopyPlayedOfflineStartsWhereTheServerLastSaidTheViewerWas() async throws {
        try await WatchTests.watching { server, cli, _ in
            #expect(try await cli.run(["progress", "556", "--set", "40"]).status == 0)
            #expect(
                try await cli.run(["continue"]).stdout.contains("0:40"), "continue remembers the server's positions")
            #expect(try await cli.run(["download", "556"]).status == 0)
            // Every connection dropped: a stopped server's port could be given to another test's.
            try await server.admin.inject(.drop(count: 1_000))
            let watched = try await PseudoTerminal.run(
                [CLIProcess.binary.path, "watch"], environment: cli.processEnvironment,
                signals: .init(after: "saves where you are", delay: 0.2, names: ["SIGINT"], delivery: .typed),
                timeout: .seconds(90))
            #expect(watched.stdout.contains("continuing episode 556"), "\(watched.stdout.suffix(600))")
            #expect(watched.stdout.contains("in mpv at 0:40;"), "\(watched.stdout.suffix(600))")
        }
    }

    @Test func copiesAreListedAndRemoved() async throws {
        try await WatchTests.watching { _, cli, _ in
            #expect(try await cli.run(["downloads"]).stdout.contains("No episode is copied to this machine"))
            #expect(try await cli.run(["download", "556"]).status == 0)
            let listed = try await cli.run(["downloads"])
            #expect(
                listed.stdout.hasPrefix("556\tAuthenticating the Users\tthe file\t")
                    && listed.stdout.contains("\tcomplete\t"),
                "\(listed.stdout)")
            let status = try await cli.run(["status", "--offline"])
            #expect(status.stdout.contains("Copies:      1 video, 4.1 MB in "), "\(status.stdout)")
            let missing = try await cli.run(["downloads", "--remove", "1"])
            #expect(missing.status == 1 && missing.stderr.contains("No copy of episode or video 1 is on this machine"))
            #expect(try await cli.run(["downloads", "--remove-all"]).stdout.contains("Removed 1 copy."))
            #expect(try await cli.run(["downloads"]).stdout.contains("No episode is copied to this machine"))
            #expect(!(try await cli.run(["status", "--offline"]).stdout.contains("Copies:")))
        }
    }

    @Test(arguments: [
        (["download", "556", "--jobs", "0"], "--jobs"), (["download", "556", "--quality", "high"], "--quality"),
        (["downloads", "--remove"], "the episodes whose copies to remove"),
    ])
    func aWrongOptionIsAUsageError(arguments: [String], words: String) async throws {
        try await TemporaryDirectory.with { directory in
            let run = try await CLIProcess(in: directory).run(arguments)
            #expect(run.status == 64 && run.stderr.contains(words), "\(run)")
        }
    }
}
