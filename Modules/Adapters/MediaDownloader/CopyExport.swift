import Domain
import Ports
import Subprocesses

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A complete copy written as one file, for the players and tools that open no playlist tree:
/// the file itself; one rendition's segments concatenated (MPEG-TS segments join into one
/// stream); a video and its audio apart, remuxed by `ffmpeg -c copy` (nothing re-encoded).
///
/// The file is written under a temporary name beside the destination and renamed when whole,
/// so a failure or Ctrl-C never leaves half a file under the name asked for; an existing
/// file is never written over.
struct CopyExport: Sendable {
    let folder: CopyFolder
    let manifest: DownloadManifest
    /// Where ffmpeg is found (`PATH`), when it is needed.
    let environment: [String: String]

    /// Whether writing needs ffmpeg: a video and its audio kept apart.
    var needsFFmpeg: Bool {
        manifest.parts.contains { $0.name.hasPrefix("audio/") }
    }

    /// Writes the copy to `destination`; returns the bytes written.
    func export(to destination: URL) async throws(ExportFailure) -> Int {
        guard !FileManager.default.fileExists(atPath: destination.path) else { throw .exists(destination.path) }
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(getpid()).part")
        defer { _ = unlink(temporary.path) }  // gone once renamed; else what a failure left
        if manifest.kind == .file {
            try concatenate([folder.path(manifest.playable)], into: temporary)
        } else if needsFFmpeg {
            try await remux(into: temporary, like: destination)
        } else {
            try concatenate(try videoSegments(), into: temporary)
        }
        try Self.place(temporary, at: destination)
        // Linked or renamed from the file written: a regular file, whose own size is the copy's.
        return FolderTree.status(destination.path).map { Int($0.st_size) } ?? 0
    }

    /// Gives the whole file `temporary` the name `destination`, never over a file: `link`,
    /// which fails when a file took the name meanwhile; where the file system has no links
    /// (FAT, exFAT: a USB stick), `rename` once no file has the name.
    private static func place(_ temporary: URL, at destination: URL) throws(ExportFailure) {
        if link(temporary.path, destination.path) == 0 { return }
        let code = errno
        guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EMLINK else {
            throw code == EEXIST ? .exists(destination.path) : .io(destination.path, String(cString: strerror(code)))
        }
        guard !FileManager.default.fileExists(atPath: destination.path) else { throw .exists(destination.path) }
        guard rename(temporary.path, destination.path) == 0 else {
            throw .io(destination.path, String(cString: strerror(errno)))
        }
    }

    /// The paths of the files the video's local playlist lists, in order (see
    /// ``CopyFolder/files(listedIn:)``); only the parts the manifest records, so that an edited
    /// playlist names nothing else.
    private func videoSegments() throws(ExportFailure) -> [String] {
        let recorded = Set(manifest.parts.map(\.name))
        switch folder.files(listedIn: "video") {
        case .success(let files?): return files.filter(recorded.contains).map(folder.path)
        case .success(nil): throw .io(folder.path("video/index.m3u8"), "it is missing")
        case .failure(let failure): throw .io(folder.path("video/index.m3u8"), "it could not be read (\(failure))")
        }
    }

    private func concatenate(_ files: [String], into target: URL) throws(ExportFailure) {
        let output = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw .io(target.path, String(cString: strerror(errno))) }
        defer { close(output) }
        for file in files {
            let code = try readPieces(ofFile: file) { piece throws(ExportFailure) in
                if Task.isCancelled { throw .cancelled }
                var written = 0
                while written < piece.count {
                    let step = write(output, piece.baseAddress! + written, piece.count - written)
                    guard step > 0 else { throw .io(target.path, String(cString: strerror(errno))) }
                    written += step
                }
            }
            if let code { throw .io(file, String(cString: strerror(code))) }
            if Task.isCancelled { throw .cancelled }
        }
        guard fsync(output) == 0 else { throw .io(target.path, String(cString: strerror(errno))) }
    }

    /// `ffmpeg -c copy` of the video and the audio into `target`, in the container
    /// `destination`'s extension names (MPEG-TS when it names none ffmpeg knows).
    private func remux(into target: URL, like destination: URL) async throws(ExportFailure) {
        guard let ffmpeg = ChildEnvironment.executable(named: "ffmpeg", environment: environment) else {
            throw .needsFFmpeg
        }
        let known = ["mp4": "mp4", "m4v": "mp4", "mov": "mov", "mkv": "matroska", "ts": "mpegts"]
        let format = known[destination.pathExtension.lowercased()] ?? "mpegts"
        let words = URL(fileURLWithPath: folder.path(".ffmpeg-\(getpid()).log"))
        let log = open(words.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard log >= 0 else { throw .io(words.path, String(cString: strerror(errno))) }
        defer {
            close(log)
            _ = unlink(words.path)
        }
        let process: Subprocess
        do {
            process = try Subprocess.spawn(
                ffmpeg,
                arguments: [
                    "-nostdin", "-hide_banner", "-loglevel", "error", "-i", folder.path("video/index.m3u8"), "-i",
                    folder.path("audio/index.m3u8"), "-map", "0:v", "-map", "1:a", "-c", "copy", "-f", format,
                    target.path,
                ], environment: ChildEnvironment.forChild(environment), standardOutput: .null,
                // A group of its own: the terminal's Ctrl-C reaches the CLI, which then ends ffmpeg
                // and says it stopped, rather than ffmpeg failing first.
                standardError: .descriptor(log), newProcessGroup: true)
        } catch {
            throw .ffmpegNotStarted("\(error)")
        }
        guard let status = await process.waitForExit(cancellable: true) else {
            _ = await process.end(grace: .seconds(2))
            throw .cancelled
        }
        guard status == .exited(0) else {
            let said: String
            do {
                said = try String(contentsOf: words, encoding: .utf8)
            } catch {
                throw .ffmpegFailed("it ended with \(status), and what it said could not be read (\(error))")
            }
            throw .ffmpegFailed(said.split(separator: "\n").last.map(String.init) ?? "it ended with \(status)")
        }
    }
}
