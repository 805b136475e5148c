import CurlTransport
import Foundation
import MediaDownloader
import PortContracts
import Ports
import Synchronization
import Testing

/// A plain file from the mock API's media over loopback TCP, fetched by libcurl: whole, the
/// same bytes curl gets; resumed with Range and If-Range after a stop; fetched whole again
/// when the file changed.
@Suite("MediaDownloader: a plain file, resumed as curl -C - does", .timeLimit(.minutes(10)))
struct PlainFileDownloadTests {
    /// Episode 556's 513 s of the mock's 8 kB/s WAV: 4.1 MB.
    static let arguments = ["--media", "--media-seconds", "600"]

    static func mediaURL(_ server: MockAPIServer) -> URL {
        URL(string: "http://127.0.0.1:\(server.port)/media/632759499.wav")!
    }

    static func request(_ server: MockAPIServer, _ directory: TemporaryDirectory) -> DownloadRequest {
        DownloadRequest(videoID: "copy", url: mediaURL(server))
    }

    /// The file as curl fetches it, a second client.
    static func curlCopy(_ server: MockAPIServer, _ directory: TemporaryDirectory) async throws -> Data {
        let target = directory.file("by-curl.wav")
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["curl", "-sS", "-o", target.path, mediaURL(server).absoluteString])
        #expect(run.status == 0, "\(run.stderr)")
        return try Data(contentsOf: target)
    }

    @Test func theFileIsTheBytesCurlGets() async throws {
        try await MockAPIServer.with(arguments: Self.arguments) { server in
            try await TemporaryDirectory.with { directory in
                let copy = try await MediaDownloader(transport: CurlTransport(), root: directory.file("videos"))
                    .download(
                        Self.request(server, directory)
                    ) { _ in }
                let byCurl = try await Self.curlCopy(server, directory)
                #expect(copy.quality == "the file" && copy.bytes == byCurl.count)
                #expect(copy.playable.lastPathComponent == "video.wav")
                #expect(try Data(contentsOf: copy.playable) == byCurl)
                #expect(try await server.admin.count("media-credentials") == 0)
            }
        }
    }

    /// Stopped part way (the task cancelled, as Ctrl-C does), then run again: the second run asks
    /// for the rest alone, and the file is whole and right.
    @Test func aStoppedDownloadResumesFromWhereItStopped() async throws {
        try await MockAPIServer.with(arguments: Self.arguments) { server in
            try await TemporaryDirectory.with { directory in
                let downloader = MediaDownloader(transport: CurlTransport(), root: directory.file("videos"))
                // Progress is heard on the transport's thread as the bytes are written: past 1 MiB it
                // cancels the downloading task, and no byte is written after that.
                let cancelling = CancelOnDemand<DownloadedCopy, any Error>()
                let first = Task {
                    try await downloader.download(Self.request(server, directory)) { progress in
                        if progress.bytes >= 1 << 20 { cancelling.cancel() }
                    }
                }
                cancelling.hold(first)
                await #expect(throws: DownloadError(.cancelled)) { try await first.value }
                let kept =
                    try FileManager.default.attributesOfItem(atPath: directory.file("videos/copy/video.wav.part").path)[
                        .size]
                    as? Int ?? 0
                #expect(kept >= 1 << 20 && kept < 4_104_044, "kept \(kept) of the 513 s file")
                let starts = Mutex<[Int]>([])
                let copy = try await downloader.download(Self.request(server, directory)) { progress in
                    starts.withLock { $0.append(progress.bytes) }
                }
                #expect(starts.withLock { $0.first } == kept, "the second run starts from what was kept")
                #expect(try Data(contentsOf: copy.playable) == (try await Self.curlCopy(server, directory)))
                #expect(!FileManager.default.fileExists(atPath: directory.file("videos/copy/video.wav.part").path))
            }
        }
    }

    /// A validator the server no longer has: If-Range gets the whole file, which replaces the part.
    @Test func aFileThatChangedIsFetchedWholeAgainNeverSpliced() async throws {
        try await MockAPIServer.with(arguments: Self.arguments) { server in
            try await TemporaryDirectory.with { directory in
                let folder = directory.file("videos/copy")
                try FileManager.default.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                try Data(repeating: 0xAB, count: 100_000).write(to: folder.appendingPathComponent("video.wav.part"))
                let manifest = """
                    {"source": "\(Self.mediaURL(server).absoluteString)", "kind": "file", "quality": "the file",
                     "plan": "x", "playable": "video.wav", "validator": "\\"an-older-version\\"", "parts": 1,
                     "bytes": 100000, "complete": false, "updated": 0}
                    """
                try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.json"))
                let copy = try await MediaDownloader(transport: CurlTransport(), root: directory.file("videos"))
                    .download(
                        Self.request(server, directory)
                    ) { _ in }
                #expect(try Data(contentsOf: copy.playable) == (try await Self.curlCopy(server, directory)))
            }
        }
    }
}
