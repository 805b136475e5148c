import Foundation
import PortContracts
import TestSupport
import Testing

/// The ways a download stops, end to end against `Scripts/mock-api --media hls`: a segment that
/// always fails, `kill -9` half way, a disk that fills. Each keeps what is whole, never calls
/// the copy complete, and the next run fetches only what is missing.
@Suite(
    "download: a failing segment, a kill, a full disk",
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "needs ffmpeg (apt-get install ffmpeg)"))
struct DownloadFailureTests {
    /// The whole parts on disk of the copy in `copy`.
    static func wholeParts(in copy: URL) -> Int {
        ["video", "audio"].reduce(0) { count, folder in
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: copy.appendingPathComponent(folder).path)) ?? []
            return count + names.filter { $0.hasSuffix(".ts") }.count
        }
    }

    /// A folder for `cli`'s copies where a test's shell mounts a small tmpfs in a mount
    /// namespace of its own (`unshare -m`), and the environment that puts the copies there;
    /// `nil` (the test skipped) where no mount namespace can be made.
    static func dataFolderForATmpfs(_ cli: CLIProcess, in directory: TemporaryDirectory) async throws
        -> (URL, [String: String])?
    {
        let data = directory.file("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let probe = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/unshare"),
            ["-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs \"$0\"", data.path])
        guard probe.status == 0 else {
            try skip(because: "no mount namespace here (unshare -m: \(probe.stderr))")
            return nil
        }
        var environment = cli.processEnvironment
        environment["XDG_DATA_HOME"] = data.path
        return (data, environment)
    }

    static func copy(in directory: TemporaryDirectory) -> URL {
        directory.file("home/.local/share/cocoacasts/videos/632759499")
    }

    @Test func aSegmentThatAlwaysFailsStopsTheCopyByNameAndWatchStreamsInstead() async throws {
        try await WatchTests.watching(["hls", "--media-seconds", "8", "--media-fail", "v2/seg2.ts"]) {
            server, cli, directory in
            let downloaded = try await cli.run(["download", "556", "--jobs", "1"])
            // The server answered: 1, not 69, with the command that fetches the failed part alone.
            #expect(downloaded.status == 1, "\(downloaded)")
            #expect(
                downloaded.stderr.contains(
                    "The copy of episode 556, “Authenticating the Users”, is partial: 1 part could not be fetched "
                        + "(video/00002.ts: the server answered 500); every other part is on this machine."),
                "\(downloaded.stderr)")
            #expect(downloaded.stderr.contains("Run `cocoacasts download 556` to fetch only what is missing."))
            for index in [0, 1, 3] {
                #expect(
                    try await server.admin.count("GET", path: "/media/632759499/v2/seg\(index).ts") == 1,
                    "a failed part does not stop the others")
            }
            // A 500 is no status the retry policy tries again (502, 503 and 504 are): a later run may.
            #expect(try await server.admin.count("GET", path: "/media/632759499/v2/seg2.ts") == 1, "one try")
            let listed = try await cli.run(["downloads"])
            #expect(listed.stdout.contains("556\tAuthenticating the Users\t360p\t"), "\(listed.stdout)")
            let parts = try #require(
                listed.stdout.firstMatch(of: /partial, (\d+) of (\d+) parts/).map { (Int($0.1) ?? 0, Int($0.2) ?? 0) })
            #expect(parts.0 == parts.1 - 1, "every part but the failed one: \(listed.stdout)")
            let watched = try await PseudoTerminal.run(
                [CLIProcess.binary.path, "watch", "556"], environment: cli.processEnvironment,
                signals: .init(after: "00:00:01 of", delay: 0.2, names: ["SIGINT"], delivery: .typed),
                timeout: .seconds(90))
            #expect(!watched.stdout.contains("playing the copy"), "a partial copy is not played")
            #expect(
                OfflineWatchTests.said(watched).contains(
                    "the copy on this machine is partial (\(parts.0) of \(parts.1) parts), so the video is streamed"),
                "\(watched.stdout.suffix(800))")
            #expect(try await server.admin.count("GET", path: "/media/632759499/master.m3u8") >= 2, "streamed")
        }
    }

    /// A part truncated after the copy was complete: `downloads` says the copy is damaged and
    /// what is missing, `watch` streams rather than play it (and says why), and `download` mends
    /// it by fetching that part alone.
    @Test func aDamagedCopyIsSaidIsNotPlayedAndIsMended() async throws {
        try await WatchTests.watching(["hls", "--media-seconds", "8"]) { server, cli, directory in
            #expect(try await cli.run(["download", "556"]).status == 0)
            let part = Self.copy(in: directory).appendingPathComponent("video/00001.ts")
            let whole = try Data(contentsOf: part)
            try whole.prefix(1000).write(to: part)
            let listed = try await cli.runOnTerminal(["downloads"], columns: 120, timeout: .seconds(30))
            #expect(listed.stdout.contains("damaged"), "\(listed.stdout)")
            #expect(
                listed.stdout.contains(
                    "damaged: video/00001.ts (it is 1000 bytes, not the \(whole.count) it was written with)"),
                "\(listed.stdout)")
            let watched = try await PseudoTerminal.run(
                [CLIProcess.binary.path, "watch", "556"], environment: cli.processEnvironment,
                signals: .init(after: "00:00:01 of", delay: 0.2, names: ["SIGINT"], delivery: .typed),
                timeout: .seconds(90))
            #expect(!watched.stdout.contains("playing the copy"), "a damaged copy is not played")
            #expect(
                OfflineWatchTests.said(watched).contains("the copy on this machine is damaged (video/00001.ts:"),
                "\(watched.stdout.suffix(800))")
            let before = try await server.admin.count("GET", path: "/media/632759499/v2/seg0.ts")
            let mended = try await cli.run(["download", "556"])
            #expect(mended.status == 0 && mended.stderr.contains("1 damaged part was fetched again"), "\(mended)")
            #expect(try Data(contentsOf: part) == whole)
            #expect(
                try await server.admin.count("GET", path: "/media/632759499/v2/seg0.ts") == before,
                "only the damaged part")
        }
    }

    /// The server's stream changed between two runs (the mock started again with a longer
    /// episode): the second run starts the changed renditions over, says so, and the copy it
    /// calls complete is the new stream's alone, never the two spliced.
    @Test func aStreamThatChangedBetweenRunsStartsOverAndIsSaid() async throws {
        guard HeadlessMPV.executable != nil else { return try skip(because: HeadlessMPV.installHint) }
        try await TemporaryDirectory.with { directory in
            let fault = #"{"file": "v2/seg3.ts", "kind": "status", "status": 404}"#
            let first = try await MockAPIServer.start(arguments: [
                "--media", "hls", "--media-seconds", "8", "--media-fault", fault,
            ])
            var cli = CLIProcess(in: directory, baseURL: first.baseURL)
            #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
            #expect(try await cli.run(["download", "556"]).status == 1, "a part refused: partial")
            await first.stop()
            try await MockAPIServer.with(arguments: ["--media", "hls", "--media-seconds", "12"]) { second in
                cli.baseURL = second.baseURL
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                let again = try await cli.run(["download", "556"])
                #expect(again.status == 0, "\(again)")
                #expect(
                    again.stderr.contains(
                        "the server's video playlist changed since the last download: its parts are fetched again"),
                    "\(again.stderr)")
                let verified = try await cli.run(["downloads", "556", "--verify"])
                #expect(verified.status == 0 && verified.stdout.contains("\tcomplete\t"), "\(verified)")
                let playlist = try String(
                    contentsOf: Self.copy(in: directory).appendingPathComponent("video/index.m3u8"), encoding: .utf8)
                #expect(playlist.split(separator: "\n").filter { $0.hasSuffix(".ts") }.count == 6, "12 s: six segments")
            }
        }
    }

    /// Killed with SIGKILL once some parts are whole; run again, each segment is fetched once, plus
    /// at most one for each job that was in flight (two here; four asserted, as the default).
    @Test func aKilledDownloadResumesFetchingOnlyWhatWasMissing() async throws {
        try await WatchTests.watching(["hls", "--media-seconds", "12", "--media-delay", "0.4"]) {
            server, cli, directory in
            let copy = Self.copy(in: directory)
            // The shell watches the parts and kills: its own process, which no busy test runtime delays.
            let watcher = """
                "$0" download 556 --jobs 2 > /dev/null 2>&1 & download=$!
                while kill -0 $download 2>/dev/null && [ "$(ls "$1/video" "$1/audio" 2>/dev/null | grep -c '[.]ts$')" -lt 4 ]; do sleep 0.02; done
                kill -9 $download; wait $download; echo "status=$?"
                """
            let killed = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", watcher, CLIProcess.binary.path, copy.path],
                environment: cli.processEnvironment, timeout: .seconds(120))
            #expect(killed.stdout.contains("status=137"), "\(killed)")
            let kept = Self.wholeParts(in: copy)
            #expect(kept >= 4 && kept < 12, "\(kept) parts whole at the kill, of 13")
            let resumed = try await cli.run(["download", "556"])
            #expect(resumed.status == 0, "\(resumed)")
            var again = 0
            var parts = 0
            for (rendition, folder) in [("v2", "video"), ("v3", "audio")] {
                let playlist = try String(
                    contentsOf: copy.appendingPathComponent("\(folder)/index.m3u8"), encoding: .utf8)
                let segments = playlist.split(separator: "\n").filter { $0.hasSuffix(".ts") }.count
                parts += segments
                for index in 0..<segments {
                    let count = try await server.admin.count(
                        "GET", path: "/media/632759499/\(rendition)/seg\(index).ts")
                    #expect((1...2).contains(count), "\(rendition)/seg\(index).ts fetched \(count) times")
                    again += count - 1
                }
            }
            #expect(again <= 4, "fetched again: \(again) parts")
            #expect(Self.wholeParts(in: copy) == parts)
        }
    }

    /// A small tmpfs in a mount namespace of its own, filled half way by another program: the
    /// error says the disk is full with the local-state status, and once there is room the
    /// same command finishes the copy. One too small from the start is refused before a
    /// segment is fetched, with what is needed and what is free.
    @Test func aFullDiskIsSaidAndTheCopyGoesOnOnceThereIsRoom() async throws {
        try await WatchTests.watching(["hls", "--media-seconds", "8", "--media-delay", "0.2"]) {
            server, cli, directory in
            guard let (data, environment) = try await DownloadFailureTests.dataFolderForATmpfs(cli, in: directory)
            else { return }
            // The shell fills the disk once two parts are whole: its own process, which no busy
            // test runtime delays.
            let script = """
                mount -t tmpfs -o size=200k tmpfs "$0" || exit 99
                "$1" download 556; echo "small=$?"
                mount -o remount,size=2m "$0"
                "$1" download 556 --jobs 1 & download=$!
                while kill -0 $download 2>/dev/null && [ "$(ls "$0"/cocoacasts/videos/*/video 2>/dev/null | grep -c '[.]ts$')" -lt 2 ]; do sleep 0.02; done
                head -c 4m /dev/zero > "$0/filler" 2>/dev/null
                wait $download; echo "first=$?"
                rm "$0/filler"; "$1" download 556; echo "second=$?"
                """
            let run = try await ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/unshare"),
                ["-m", "sh", "-c", script, data.path, CLIProcess.binary.path],
                environment: environment, timeout: .seconds(120))
            #expect(run.stdout.contains("small=74"), "\(run)")
            #expect(run.stderr.contains("Episode 556, “Authenticating the Users” needs about "), "\(run.stderr)")
            #expect(
                run.stderr.contains("free: nothing more was fetched. Make room, then run `cocoacasts download 556`."))
            #expect(run.stdout.contains("first=74"), "\(run)")
            #expect(run.stderr.contains("the disk is full"), "\(run.stderr)")
            #expect(
                run.stdout.contains("second=0")
                    && run.stdout.contains("episode 556, “Authenticating the Users”: 360p,"), "\(run.stdout)")
            #expect(try await server.admin.count("GET", path: "/media/632759499/v2/seg0.ts") == 1, "fetched once")
        }
    }
}
