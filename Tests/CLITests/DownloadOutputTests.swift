import Foundation
import PortContracts
import TestSupport
import Testing

/// `download --output FILE`: the copy also written as one file, never over another, never half.
@Suite(
    "download --output: the copy as one file, remuxed by ffmpeg when its video and audio are apart",
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "needs ffmpeg (apt-get install ffmpeg)"))
struct DownloadOutputTests {
    /// The streams ffprobe finds in `file`: `video 640x360`, `audio`.
    static func streams(of file: URL) async throws -> [String] {
        let probe = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["ffprobe", "-v", "error", "-show_entries", "stream=codec_type,width,height", "-of", "csv=p=0", file.path])
        // An MPEG-TS file lists its streams twice, under its program and on their own.
        var seen: [String] = []
        for line in probe.stdout.split(separator: "\n") {
            let fields = line.split(separator: ",")
            let stream = fields.count == 3 ? "\(fields[0]) \(fields[1])x\(fields[2])" : String(fields[0])
            if !seen.contains(stream) { seen.append(stream) }
        }
        return seen
    }

    @Test func aStreamWhoseVideoAndAudioAreApartBecomesOneMP4WithBoth() async throws {
        try await WatchTests.watching(DownloadHLSTests.arguments) { _, cli, directory in
            let file = directory.file("episode-556.mp4")
            let downloaded = try await cli.run(["download", "556", "--output", file.path])
            #expect(downloaded.status == 0, "\(downloaded)")
            #expect(downloaded.stdout.contains("video 632759499: written to \(file.path) ("))
            #expect(try await Self.streams(of: file) == ["video 640x360", "audio"])
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            #expect(!left.contains { $0.hasSuffix(".part") }, "\(left)")
            let json = try await cli.run(["download", "556", "--output", directory.file("again.ts").path, "--json"])
            #expect(json.stdout.contains(#""output":""#), "\(json.stdout)")
            #expect(try await Self.streams(of: directory.file("again.ts")) == ["video 640x360", "audio"])
        }
    }

    @Test func aFileThatIsThereIsNeverWrittenOver() async throws {
        try await WatchTests.watching(DownloadHLSTests.arguments) { server, cli, directory in
            let file = directory.file("mine.mp4")
            try Data("the user's own file".utf8).write(to: file)
            let refused = try await cli.run(["download", "556", "--output", file.path])
            #expect(refused.status == 74 && refused.stderr.contains("exists already"), "\(refused)")
            #expect(try Data(contentsOf: file) == Data("the user's own file".utf8))
            #expect(try await server.admin.count(MockAPIRoute.video) == 0, "refused before anything was fetched")
        }
    }

    /// A file in a folder that is not there is refused before anything is fetched.
    @Test func aFolderThatIsNotThereIsSaidBeforeTheDownload() async throws {
        try await WatchTests.watching(DownloadHLSTests.arguments) { server, cli, directory in
            let file = directory.file("no-such-folder/episode.mp4")
            let refused = try await cli.run(["download", "556", "--output", file.path])
            #expect(refused.status == 74 && refused.stderr.contains("is missing or not writable"), "\(refused)")
            #expect(try await server.admin.count(MockAPIRoute.video) == 0)
        }
    }

    @Test func withoutFFmpegTheCopyIsKeptAndNoFileIsLeft() async throws {
        try await WatchTests.watching(DownloadHLSTests.arguments) { _, cli, directory in
            var withoutFFmpeg = cli
            withoutFFmpeg.environment["PATH"] = "/nonexistent"
            let file = directory.file("episode.mp4")
            let run = try await withoutFFmpeg.run(["download", "556", "--output", file.path])
            #expect(run.status == 69, "\(run)")
            #expect(run.stderr.contains("needs ffmpeg (apt-get install ffmpeg)"))
            #expect(run.stderr.contains("The copy is complete: `cocoacasts watch 556` plays it."))
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(try await cli.run(["downloads"]).stdout.contains("556\tAuthenticating the Users\t360p\t"))
        }
    }

    @Test func aPlainFileIsWrittenAsItIsAndOneOutputTakesOneVideo() async throws {
        try await WatchTests.watching(["--media-seconds", "3"]) { _, cli, directory in
            let file = directory.file("episode.wav")
            #expect(try await cli.run(["download", "556", "--output", file.path]).status == 0)
            let copy = directory.file("home/.local/share/cocoacasts/videos/632759499/video.wav")
            #expect(try Data(contentsOf: file) == (try Data(contentsOf: copy)))
            let two = try await cli.run(["download", "556", "553", "--output", directory.file("two.wav").path])
            #expect(two.status == 64 && two.stderr.contains("name one video"), "\(two)")
        }
    }
}
