import Foundation
import MediaDownloader
import PortContracts
import Testing

/// One file of a copy whose video has no audio apart: its segments joined in the playlist's
/// order; and no file at all from a copy with holes.
@Suite("CopyExport: a rendition's segments joined, never from a copy with holes")
struct CopyExportTests {
    /// A library holding video 1's copy: `video/index.m3u8` listing `segments` (name, bytes).
    static func library(in directory: TemporaryDirectory, segments: [(String, Data)], complete: Bool) throws
        -> DownloadLibrary
    {
        let library = DownloadLibrary(root: directory.file("videos"))
        try library.prepare()
        let folder = library.folder(forVideo: "1")
        let video = folder.appendingPathComponent("video")
        try FileManager.default.createDirectory(
            at: video, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n"
        for (name, bytes) in segments {
            try bytes.write(to: video.appendingPathComponent(name))
            playlist += "#EXTINF:2.0,\n\(name)\n"
        }
        try Data((playlist + "#EXT-X-ENDLIST\n").utf8).write(to: video.appendingPathComponent("index.m3u8"))
        let manifest: [String: Any] = [
            "source": "https://cdn.example/1/master.m3u8", "kind": "hls", "quality": "360p", "plan": "video",
            "playable": "index.m3u8", "parts": segments.count, "bytes": 0, "complete": complete, "updated": 0,
        ]
        try JSONSerialization.data(withJSONObject: manifest).write(to: folder.appendingPathComponent("manifest.json"))
        return library
    }

    @Test func theSegmentsAreJoinedInThePlaylistsOrder() async throws {
        try await TemporaryDirectory.with { directory in
            let segments = [("00001.ts", Data(repeating: 1, count: 3000)), ("00000.ts", Data(repeating: 2, count: 5))]
            let library = try Self.library(in: directory, segments: segments, complete: true)
            let copy = try #require(library.copy(of: "1"))
            let export = CopyExport(copy, environment: [:])
            #expect(!export.needsFFmpeg)
            let file = directory.file("one.ts")
            #expect(try await export.export(to: file) == 3005)
            #expect(try Data(contentsOf: file) == segments[0].1 + segments[1].1)
            await #expect(throws: CopyExport.Failure.exists(file.path)) { try await export.export(to: file) }
        }
    }

    @Test func aCopyWithHolesWritesNothing() async throws {
        try await TemporaryDirectory.with { directory in
            let library = try Self.library(in: directory, segments: [("00000.ts", Data([1]))], complete: false)
            let export = CopyExport(try #require(library.copy(of: "1")), environment: [:])
            let file = directory.file("one.ts")
            await #expect(throws: CopyExport.Failure.incomplete) { try await export.export(to: file) }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }
}
