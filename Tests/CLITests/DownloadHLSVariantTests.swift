import Foundation
import PortContracts
import TestSupport
import Testing

/// The CLI against the variants of `Scripts/mock-api --media hls` that CDNs also serve: one
/// whose segments are byte ranges of a single file (v0, 90p) and one encrypted with AES-128
/// (v1, 180p); and segments that fail for a few tries or drop their connection mid-body.
@Suite(
    "download: byte-range and AES-128 variants, and segments that fail and then come",
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "needs ffmpeg (apt-get install ffmpeg)"))
struct DownloadHLSVariantTests {
    static let copyFolder = "home/.local/share/cocoacasts/videos/632759499"

    /// The segment files of the copy's video (or audio) rendition, in the playlist's order.
    static func videoParts(of directory: TemporaryDirectory, rendition: String = "video") throws -> [URL] {
        let folder = directory.file(copyFolder).appendingPathComponent(rendition)
        let playlist = try String(contentsOf: folder.appendingPathComponent("index.m3u8"), encoding: .utf8)
        return playlist.split(separator: "\n").filter { $0.hasSuffix(".ts") }.map {
            folder.appendingPathComponent(String($0))
        }
    }

    @Test func aByteRangeVariantIsCopiedAsTheRangesCurlGetsOneRequestEach() async throws {
        try await WatchTests.watching(DownloadHLSTests.arguments) { server, cli, directory in
            let downloaded = try await cli.run(["download", "556", "--quality", "90"])
            #expect(
                downloaded.status == 0 && downloaded.stdout.contains("episode 556, “Authenticating the Users”: 90p,"),
                "\(downloaded)")
            let playlist = String(
                decoding: try await DownloadHLSTests.served("v0/index.m3u8", by: server, in: directory), as: UTF8.self)
            let ranges = playlist.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-BYTERANGE:") }.map {
                $0.dropFirst("#EXT-X-BYTERANGE:".count).split(separator: "@").compactMap { Int($0) }
            }
            let parts = try Self.videoParts(of: directory)
            #expect(ranges.count == parts.count && ranges.count >= 4, "\(playlist)")
            let whole = try await DownloadHLSTests.served("v0/all.ts", by: server, in: directory)
            for (range, part) in zip(ranges, parts) where range.count == 2 {
                #expect(try Data(contentsOf: part) == whole[range[1]..<range[1] + range[0]])
            }
            // Ours, one request per range, then curl's whole file.
            #expect(try await server.admin.count("GET", path: "/media/632759499/v0/all.ts") == ranges.count + 1)
        }
    }

    @Test func anEncryptedVariantIsCopiedDecryptedItsKeyFetchedOnceAndPlaysFromDisk() async throws {
        try await WatchTests.watching(DownloadHLSTests.arguments) { server, cli, directory in
            let downloaded = try await cli.run(["download", "556", "--quality", "180"])
            #expect(
                downloaded.status == 0 && downloaded.stdout.contains("episode 556, “Authenticating the Users”: 180p,"),
                "\(downloaded)")
            let parts = try Self.videoParts(of: directory)
            #expect(parts.count >= 4)
            for (index, part) in parts.enumerated() {
                let clear = try await DownloadHLSTests.served("v1/clear/seg\(index).ts", by: server, in: directory)
                #expect(try Data(contentsOf: part) == clear, "segment \(index) as it was before encryption")
            }
            #expect(try await server.admin.count("GET", path: "/media/632759499/v1/key.bin") == 1)
            await server.stop()
            let watched = try await PseudoTerminal.run(
                [CLIProcess.binary.path, "watch", "556"], environment: cli.processEnvironment,
                signals: .init(after: "00:00:02 of", delay: 0.2, names: ["SIGINT"], delivery: .typed),
                timeout: .seconds(90))
            #expect(watched.stdout.contains("playing the copy on this machine (180p)"), "\(watched.stdout.suffix(800))")
            #expect(watched.stdout.contains("VO: [null] 320x180"), "mpv shows the decrypted picture")
        }
    }

    /// yt-dlp, a second downloader, fetching the same variant natively (decrypting with
    /// pycryptodomex) writes the very bytes of the copy's segments, one after another.
    @Test(arguments: ["90", "180", "360"])
    func theCopyIsWhatYtDlpFetches(height: String) async throws {
        let python = URL(fileURLWithPath: "/usr/bin/env")
        let probe = try await ChildProcess.run(python, ["python3", "-c", "import yt_dlp, Cryptodome"])
        guard probe.status == 0 else {
            return try skip(because: "needs yt-dlp and pycryptodomex (python3 -m pip install yt-dlp pycryptodomex)")
        }
        try await WatchTests.watching(DownloadHLSTests.arguments) { server, cli, directory in
            #expect(try await cli.run(["download", "556", "--quality", height]).status == 0)
            let ours = try Self.videoParts(of: directory).reduce(into: Data()) { $0 += try Data(contentsOf: $1) }
            let theirs = directory.file("yt-dlp-\(height).ts")
            let fetched = try await ChildProcess.run(
                python,
                [
                    "python3", "-m", "yt_dlp", "--quiet", "--no-progress", "--hls-prefer-native", "--fixup", "never",
                    "--no-part", "--no-cache-dir", "-f", "bv*[height=\(height)]", "-o", theirs.path,
                    "http://127.0.0.1:\(server.port)/media/632759499/master.m3u8",
                ],
                // The python3 the probe found, where pip put yt-dlp.
                environment: [
                    "HOME": directory.file("home").path,
                    "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                ])
            #expect(fetched.status == 0, "\(fetched)")
            #expect(try Data(contentsOf: theirs) == ours, "\(height)p: byte for byte")
        }
    }

    @Test func aSegmentThatFailsTwiceOrDropsItsConnectionIsTriedAgainAndTheCopyIsWhole() async throws {
        let faults = [
            #"{"file": "v2/seg1.ts", "kind": "status", "status": 502, "count": 2}"#,
            #"{"file": "v2/seg2.ts", "kind": "drop", "count": 1}"#,
            #"{"file": "v3/seg0.ts", "kind": "status", "status": 503, "count": 1}"#,
        ]
        try await WatchTests.watching(DownloadHLSTests.arguments + faults.flatMap { ["--media-fault", $0] }) {
            server, cli, directory in
            let downloaded = try await cli.run(["download", "556", "--jobs", "2"])
            #expect(downloaded.status == 0, "\(downloaded)")
            for (rendition, variant) in [("video", "v2"), ("audio", "v3")] {
                for (index, part) in try Self.videoParts(of: directory, rendition: rendition).enumerated() {
                    let served = try await DownloadHLSTests.served(
                        "\(variant)/seg\(index).ts", by: server, in: directory)
                    #expect(try Data(contentsOf: part) == served, "\(variant) segment \(index)")
                }
            }
            let tries = [("v2/seg1.ts", 3), ("v2/seg2.ts", 2), ("v3/seg0.ts", 2), ("v2/seg0.ts", 1)]
            for (file, count) in tries {
                // Ours, then curl's.
                #expect(try await server.admin.count("GET", path: "/media/632759499/\(file)") == count + 1, "\(file)")
            }
        }
    }

    /// A 404 is not a fault that passes: the segment is not tried again, and is named; every
    /// other part is fetched, and no advice to go on is given, as going on meets the same answer.
    @Test func aSegmentThatIsNotFoundIsNamedAndTheOthersAreFetched() async throws {
        let fault = #"{"file": "v2/seg1.ts", "kind": "status", "status": 404}"#
        try await WatchTests.watching(DownloadHLSTests.arguments + ["--media-fault", fault]) { server, cli, _ in
            let downloaded = try await cli.run(["download", "556", "--jobs", "1"])
            #expect(downloaded.status == 1, "the server answered: the request failed, \(downloaded)")
            #expect(downloaded.stderr.contains("(video/00001.ts: the server answered 404); every other part is on"))
            #expect(
                !downloaded.stderr.contains("to go on") && !downloaded.stderr.contains("Run `"), "\(downloaded.stderr)")
            #expect(try await server.admin.count("GET", path: "/media/632759499/v2/seg1.ts") == 1)
            #expect(try await server.admin.count("GET", path: "/media/632759499/v2/seg3.ts") == 1)
        }
    }
}
