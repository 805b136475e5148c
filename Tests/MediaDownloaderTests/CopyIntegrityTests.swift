import Foundation
import MediaDownloader
import PortContracts
import Ports
import Testing

/// What is on disk is never trusted further than it was written: a manifest that does not
/// parse is a damaged copy (listed, counted, removable), a path it names outside its folder
/// is refused, links are never followed, and an earlier release's copies stay listed.
@Suite("MediaDownloader: the copies on disk, checked as they are read")
struct CopyIntegrityTests {
    static func downloader(_ directory: TemporaryDirectory) -> MediaDownloader {
        MediaDownloader(transport: SpyTransport(status: 404), root: directory.file("videos"))
    }

    /// A copy's folder written by hand: `files` (name, bytes) and the manifest `manifest`.
    static func folder(
        _ id: String, in directory: TemporaryDirectory, manifest: String, files: [(String, Data)] = []
    ) throws -> URL {
        let folder = directory.file("videos/\(id)")
        for path in [directory.file("videos"), folder, folder.appendingPathComponent("video")] {
            try FileManager.default.createDirectory(
                at: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        for (name, bytes) in files { try bytes.write(to: folder.appendingPathComponent(name)) }
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        return folder
    }

    @Test func aManifestThatDoesNotParseIsADamagedCopyThatCanBeRemoved() async throws {
        try await TemporaryDirectory.with { directory in
            _ = try Self.folder(
                "7", in: directory, manifest: "{\"source\": ", files: [("video/00000.ts", Data(count: 10))])
            let downloader = Self.downloader(directory)
            let copies = try await downloader.copies()
            #expect(copies.map(\.videoID) == ["7"])
            guard case .damaged(let problems)? = copies.first?.state else {
                Issue.record("\(copies)")
                return
            }
            #expect(problems.first?.words.contains("is not a manifest this version reads") == true, "\(problems)")
            #expect(copies.first?.bytes ?? 0 >= 10, "what it takes is counted")
            #expect(try await downloader.remove(videoID: "7"))
            #expect(try await downloader.copies().isEmpty)
        }
    }

    @Test func aManifestThatNamesAPathOutsideItsFolderIsDamagedAndNothingIsReadThere() async throws {
        try await TemporaryDirectory.with { directory in
            try Data("secret".utf8).write(to: directory.file("outside.txt"))
            let manifest = """
                {"format": 2, "source": "https://cdn.example/1.mp4", "kind": "file", "quality": "the file",
                 "plan": "x", "partCount": 1, "parts": [{"name": "../../outside.txt", "bytes": 6}],
                 "complete": true, "updated": 0}
                """
            _ = try Self.folder("8", in: directory, manifest: manifest)
            let downloader = Self.downloader(directory)
            guard case .damaged(let problems)? = try await downloader.copy(of: "8", verifying: true)?.state else {
                Issue.record("a manifest naming ../../outside.txt was trusted")
                return
            }
            #expect(
                problems == [
                    PartProblem(
                        part: "manifest.json", words: "it names ../../outside.txt, a path outside the copy's folder")
                ])
            await #expect(throws: DownloadError(.notComplete(videoID: "8"))) {
                try await downloader.export(videoID: "8", to: directory.file("out.mp4"))
            }
        }
    }

    /// A `videos` folder that is a link to another is refused by every command, as `download`
    /// refuses it: nothing there is listed, nor removed.
    @Test func aLinkedLibraryIsRefusedNotFollowed() async throws {
        try await TemporaryDirectory.with { directory in
            let elsewhere = try Self.folder("9", in: directory, manifest: "{}").deletingLastPathComponent()
            try FileManager.default.moveItem(at: elsewhere, to: directory.file("elsewhere"))
            try FileManager.default.createSymbolicLink(
                at: directory.file("videos"), withDestinationURL: directory.file("elsewhere"))
            let downloader = Self.downloader(directory)
            for attempt in 0..<2 {
                do throws(DownloadError) {
                    if attempt == 0 {
                        _ = try await downloader.copies()
                    } else {
                        _ = try await downloader.remove(videoID: "9")
                    }
                    Issue.record("a linked videos folder was followed")
                } catch {
                    #expect("\(error)".contains("symbolic link"), "\(error)")
                }
            }
            #expect(FileManager.default.fileExists(atPath: directory.file("elsewhere/9/manifest.json").path))
        }
    }

    /// A copy's folder that is a link: listed as damaged, and its removal removes the link alone.
    @Test func aLinkedCopyIsDamagedAndItsRemovalLeavesWhatItPointsAt() async throws {
        try await TemporaryDirectory.with { directory in
            _ = try Self.folder("1", in: directory, manifest: "{}")
            let target = directory.file("target")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: target.appendingPathComponent("file"))
            try FileManager.default.createSymbolicLink(at: directory.file("videos/2"), withDestinationURL: target)
            let downloader = Self.downloader(directory)
            let linked = try await downloader.copy(of: "2", verifying: false)
            guard case .damaged? = linked?.state else {
                Issue.record("\(String(describing: linked))")
                return
            }
            #expect(try await downloader.remove(videoID: "2"))
            #expect(try Data(contentsOf: target.appendingPathComponent("file")) == Data("keep".utf8))
        }
    }

    /// A copy an earlier release made (a total size, no part records) stays listed complete
    /// while its parts add up; one whose parts do not is damaged.
    @Test func anEarlierReleasesCopyIsListedAndCheckedByItsTotal() async throws {
        try await TemporaryDirectory.with { directory in
            let playlist =
                "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n00000.ts\n#EXTINF:2,\n00001.ts\n#EXT-X-ENDLIST\n"
            func earlier(bytes: Int) -> String {
                """
                {"source": "https://cdn.example/1.m3u8", "kind": "hls", "quality": "360p", "plan": "video",
                 "playable": "index.m3u8", "parts": 2, "bytes": \(bytes), "complete": true, "updated": 0,
                 "metadata": {"duration": "4", "server": "https://api.example"}}
                """
            }
            let files = [
                ("video/index.m3u8", Data(playlist.utf8)), ("video/00000.ts", Data(count: 100)),
                ("video/00001.ts", Data(count: 50)), ("index.m3u8", Data("#EXTM3U\n".utf8)),
            ]
            _ = try Self.folder("1", in: directory, manifest: earlier(bytes: 150), files: files)
            _ = try Self.folder("2", in: directory, manifest: earlier(bytes: 160), files: files)
            let downloader = Self.downloader(directory)
            let whole = try await downloader.copy(of: "1", verifying: true)
            #expect(whole?.state == .complete && whole?.duration == 4, "\(String(describing: whole))")
            guard case .damaged(let problems)? = try await downloader.copy(of: "2", verifying: false)?.state else {
                Issue.record("a copy whose parts do not add up was called complete")
                return
            }
            #expect(problems.count == 2)
        }
    }

    /// A first download that failed before it wrote anything leaves no copy to list; a copy a
    /// later version wrote is listed, and a download does not write over it.
    @Test func anEmptyFolderIsNoCopyAndALaterVersionsCopyIsLeftAlone() async throws {
        try await TemporaryDirectory.with { directory in
            let downloader = Self.downloader(directory)
            await #expect(throws: DownloadError.self) {
                try await downloader.download(
                    DownloadRequest(videoID: "5", url: URL(string: "https://cdn.example/5.mp4")!)
                ) { _ in }
            }
            #expect(try await downloader.copies().isEmpty, "a 404 leaves nothing to list")
            _ = try Self.folder("6", in: directory, manifest: #"{"format": 3, "future": true}"#)
            guard case .damaged(let problems)? = try await downloader.copy(of: "6", verifying: false)?.state else {
                Issue.record("a later version's copy was read as this version's")
                return
            }
            #expect(problems.first?.words.contains("later version of cocoacasts") == true)
            await #expect(throws: DownloadError.self) {
                try await downloader.download(
                    DownloadRequest(videoID: "6", url: URL(string: "https://cdn.example/6.mp4")!)
                ) { _ in }
            }
            #expect(
                try String(contentsOf: directory.file("videos/6/manifest.json"), encoding: .utf8).contains("future"))
        }
    }

    /// A manifest whose part names the copy's own files (its manifest, its journal) is damaged:
    /// nothing reads or removes them as parts.
    @Test func aPartNamedAfterTheCopysOwnFilesIsRefused() async throws {
        try await TemporaryDirectory.with { directory in
            let manifest = """
                {"format": 2, "source": "https://cdn.example/1.mp4", "kind": "file", "quality": "the file",
                 "plan": "x", "partCount": 1, "parts": [{"name": "manifest.json", "bytes": 10}],
                 "complete": true, "updated": 0}
                """
            _ = try Self.folder("9", in: directory, manifest: manifest)
            guard case .damaged? = try await Self.downloader(directory).copy(of: "9", verifying: false)?.state else {
                Issue.record("a part named manifest.json was trusted")
                return
            }
        }
    }

    /// The journal's lines are read as far as they are whole: a line a crash cut short, or one
    /// that is not a record, is passed over; one that names a path outside the folder damages
    /// the copy rather than being read.
    @Test func aJournalLineCutShortIsPassedOverAndOneNamingAPathOutsideIsDamage() async throws {
        let host = CopyExportTests.host()
        try await TemporaryDirectory.with { directory in
            let downloader = MediaDownloader(transport: host.transport, root: directory.file("videos"))
            let request = DownloadRequest(videoID: "1", url: URL(string: CopyExportTests.playlist)!)
            _ = try await downloader.download(request) { _ in }
            let journal = directory.file("videos/1/parts.jsonl")
            try Data("{\"name\": \"video/00000.ts\", \"by".utf8).write(to: journal)
            #expect(try await downloader.copy(of: "1", verifying: true)?.state == .complete)
            try Data("not a record\n{\"name\": \"../../x\", \"bytes\": 1}\n".utf8).write(to: journal)
            guard case .damaged? = try await downloader.copy(of: "1", verifying: false)?.state else {
                Issue.record("a journal naming ../../x was trusted")
                return
            }
        }
    }
}
