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

    static func copy(in directory: TemporaryDirectory) -> URL {
        directory.file("home/.local/share/cocoacasts/videos/632759499")
    }

    @Test func aSegmentThatAlwaysFailsStopsTheCopyByNameAndWatchStreamsInstead() async throws {
        try await WatchTests.watching(["hls", "--media-seconds", "8", "--media-fail", "v2/seg2.ts"]) {
            server, cli, directory in
            let downloaded = try await cli.run(["download", "556", "--jobs", "1"])
            #expect(downloaded.status == 69, "\(downloaded)")
            #expect(
                downloaded.stderr.contains("part video/00002.ts could not be fetched (the server answered 500)"),
                "\(downloaded.stderr)")
            #expect(downloaded.stderr.contains("What is whole is kept: run `cocoacasts download 556` to go on."))
            #expect(try await server.admin.count("GET", path: "/media/632759499/v2/seg2.ts") == 3, "three tries")
            #expect(try await cli.run(["downloads"]).stdout.contains("632759499  partial"))
            let watched = try await PseudoTerminal.run(
                [CLIProcess.binary.path, "watch", "556"], environment: cli.processEnvironment,
                signals: .init(after: "AV: 00:00:01", delay: 0.2, names: ["SIGINT"], delivery: .typed),
                timeout: .seconds(90))
            #expect(!watched.stdout.contains("playing the copy"), "a partial copy is not played")
            #expect(try await server.admin.count("GET", path: "/media/632759499/master.m3u8") >= 2, "streamed")
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
            let data = directory.file("data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let probe = try await ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/unshare"),
                ["-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs \"$0\"", data.path])
            guard probe.status == 0 else {
                return try skip(because: "no mount namespace here (unshare -m: \(probe.stderr))")
            }
            var environment = cli.processEnvironment
            environment["XDG_DATA_HOME"] = data.path
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
            #expect(run.stderr.contains("Video 632759499 needs about "), "\(run.stderr)")
            #expect(
                run.stderr.contains("free: nothing more was fetched. Make room, then run `cocoacasts download 556`."))
            #expect(run.stdout.contains("first=74"), "\(run)")
            #expect(run.stderr.contains("the disk is full"), "\(run.stderr)")
            #expect(run.stdout.contains("second=0") && run.stdout.contains("video 632759499: 360p,"), "\(run.stdout)")
            #expect(try await server.admin.count("GET", path: "/media/632759499/v2/seg0.ts") == 1, "fetched once")
        }
    }
}
