import Foundation
import PortContracts
import TestSupport
import Testing

/// Whatever the media host does, `download` ends and says why: a part that trickles is bounded
/// by `--timeout`, a plain file that trickles by the stall rule, a file without a length that
/// fills the disk leaves the disk as it found it; and a removal while another process downloads
/// the copy is refused, the download going on to a complete copy.
@Suite("download: bounded whatever the server does, one owner of the copies")
struct DownloadBoundsTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "needs ffmpeg"))
    func aSegmentThatTricklesIsBoundedByTheTimeoutAndTheOthersAreFetched() async throws {
        let fault = #"{"file": "v2/seg1.ts", "kind": "trickle", "interval": 0.2}"#
        try await WatchTests.watching(DownloadHLSTests.arguments + ["--media-fault", fault]) { server, cli, _ in
            let started = ContinuousClock.now
            let run = try await cli.run(["download", "556", "--timeout", "2", "--jobs", "2"], timeout: .seconds(120))
            #expect(run.status == 69, "the server stopped answering: 69, \(run)")
            #expect(run.stderr.contains("video/00001.ts: it took longer than 2 s (--timeout)"), "\(run.stderr)")
            #expect(run.stderr.contains("once the server can be reached, to fetch only what is missing"))
            #expect(ContinuousClock.now - started < .seconds(100))
            #expect(try await server.admin.count("GET", path: "/media/632759499/v2/seg3.ts") == 1)
        }
    }

    @Test func aPlainFileThatTricklesIsStoppedByTheStallRule() async throws {
        let fault = #"{"file": "632759499.wav", "kind": "trickle", "interval": 0.5}"#
        try await WatchTests.watching(["--media-fault", fault]) { _, cli, _ in
            let run = try await cli.run(["download", "556", "--timeout", "2"], timeout: .seconds(120))
            #expect(run.status == 69, "\(run)")
            #expect(run.stderr.contains("fewer than 256 KB came in 2 s"), "\(run.stderr)")
        }
    }

    /// A small tmpfs in a mount namespace of its own: a file without a length that never ends
    /// fills it; what came is removed, so the next run, once the server sends the file, has the
    /// room it had.
    @Test func aFileWithoutALengthThatFillsTheDiskLeavesTheDiskAsItFoundIt() async throws {
        let fault = #"{"file": "632759499.wav", "kind": "endless", "count": 1}"#
        try await WatchTests.watching(["--media-fault", fault]) { _, cli, directory in
            guard let (data, environment) = try await DownloadFailureTests.dataFolderForATmpfs(cli, in: directory)
            else { return }
            let script = """
                mount -t tmpfs -o size=8m tmpfs "$0" || exit 99
                "$1" download 556; echo "first=$?"
                df -k "$0" | tail -1
                "$1" download 556; echo "second=$?"
                """
            let run = try await ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/unshare"),
                ["-m", "sh", "-c", script, data.path, CLIProcess.binary.path],
                environment: environment, timeout: .seconds(120))
            #expect(run.stdout.contains("first=74"), "\(run)")
            #expect(run.stderr.contains("the disk is full"), "\(run.stderr)")
            #expect(run.stdout.contains("second=0"), "the next run has its room again: \(run)")
        }
    }

    /// `downloads --remove` from another process while a download writes the copy: refused and
    /// said, and the download ends with a complete copy, every part there.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "needs ffmpeg"))
    func aRemovalWhileAnotherProcessDownloadsIsRefusedAndTheCopyIsComplete() async throws {
        try await WatchTests.watching(DownloadHLSTests.arguments + ["--media-delay", "0.3"]) { _, cli, directory in
            let copy = directory.file("home/.local/share/cocoacasts/videos/632759499")
            let script = """
                "$0" download 556 --jobs 1 > /dev/null 2>&1 & download=$!
                while [ ! -e "$1/manifest.json" ]; do sleep 0.05; done
                "$0" downloads 556 --remove; echo "removal=$?"
                wait $download; echo "download=$?"
                """
            let run = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", script, CLIProcess.binary.path, copy.path],
                environment: cli.processEnvironment, timeout: .seconds(120))
            #expect(run.stdout.contains("removal=74") && run.stdout.contains("download=0"), "\(run)")
            #expect(run.stderr.contains("is being downloaded now, and is not removed"), "\(run.stderr)")
            let listed = try await cli.run(["downloads", "556", "--verify"])
            #expect(listed.status == 0 && listed.stdout.contains("\tcomplete\t"), "\(listed)")
        }
    }
}
