import Domain
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
public struct CopyExport: Sendable {
    /// Why no file was written.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The copy is not complete (or there is none).
        case incomplete
        /// A file is already at the destination.
        case exists(String)
        /// The video and its audio are apart and no `ffmpeg` is on `PATH`.
        case needsFFmpeg
        /// ffmpeg could not be started: the system's words.
        case ffmpegNotStarted(String)
        /// ffmpeg could not remux them: its last words.
        case ffmpegFailed(String)
        /// Writing failed: the path and the system's words (a full disk, a folder that cannot be written).
        case io(String, String)
        /// Stopped (Ctrl-C) before the file was whole; nothing was left under its name.
        case cancelled

        public var description: String {
            switch self {
            case .incomplete: "the copy is not complete"
            case .exists(let path): "\(path) exists already, and is not written over"
            case .needsFFmpeg:
                "its video and its audio are apart, and putting them in one file needs ffmpeg (apt-get install ffmpeg)"
            case .ffmpegNotStarted(let words): "ffmpeg could not be started (\(words))"
            case .ffmpegFailed(let words): "ffmpeg could not put the video and the audio in one file: \(words)"
            case .io(let path, let words): "\(path) could not be written (\(words))"
            case .cancelled: "stopped before the file was whole"
            }
        }
    }

    private let copy: DownloadLibrary.Copy
    private let environment: [String: String]

    /// An export of `copy`, finding ffmpeg on `environment`'s `PATH` when it needs it.
    public init(_ copy: DownloadLibrary.Copy, environment: [String: String]) {
        self.copy = copy
        self.environment = environment
    }

    /// Whether writing needs ffmpeg: a video and its audio kept apart.
    public var needsFFmpeg: Bool {
        copy.manifest.kind == .hls && FileManager.default.fileExists(atPath: folder("audio/index.m3u8"))
    }

    /// Writes the copy to `destination`; returns the bytes written.
    public func export(to destination: URL) async throws(Failure) -> Int {
        guard copy.manifest.complete else { throw .incomplete }
        guard !FileManager.default.fileExists(atPath: destination.path) else { throw .exists(destination.path) }
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(getpid()).part")
        defer { _ = unlink(temporary.path) }  // gone once renamed; else what a failure left
        if copy.manifest.kind == .file {
            try concatenate([folder(copy.manifest.playable)], into: temporary)
        } else if needsFFmpeg {
            try await remux(into: temporary, like: destination)
        } else {
            try concatenate(try segments(of: "video/index.m3u8"), into: temporary)
        }
        try Self.place(temporary, at: destination)
        return Self.size(of: destination.path)
    }

    private func folder(_ name: String) -> String { copy.folder.appendingPathComponent(name).path }

    /// Gives the whole file `temporary` the name `destination`, never over a file: `link`,
    /// which fails when a file took the name meanwhile; where the file system has no links
    /// (FAT, exFAT: a USB stick), `rename` once no file has the name.
    private static func place(_ temporary: URL, at destination: URL) throws(Failure) {
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

    /// The files a local playlist lists, in order (names the download chose): each fMP4
    /// initialization section (`EXT-X-MAP`) where it comes, then the segments after it.
    private func segments(of playlist: String) throws(Failure) -> [String] {
        let text: String
        do {
            text = try String(contentsOfFile: folder(playlist), encoding: .utf8)
        } catch {
            throw .io(folder(playlist), "it could not be read (\(error))")
        }
        let base = playlist.split(separator: "/").dropLast().joined(separator: "/")
        return text.split(separator: "\n").compactMap { line -> String? in
            if line.hasPrefix("#EXT-X-MAP:"), let uri = line.firstRange(of: "URI=\"") {
                let name = line[uri.upperBound...].prefix { $0 != "\"" }
                return folder(base + "/" + name)
            }
            return line.isEmpty || line.hasPrefix("#") ? nil : folder(base + "/" + line)
        }
    }

    private func concatenate(_ files: [String], into target: URL) throws(Failure) {
        let output = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw .io(target.path, String(cString: strerror(errno))) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        for file in files {
            let input = open(file, O_RDONLY | O_CLOEXEC)
            guard input >= 0 else { throw .io(file, String(cString: strerror(errno))) }
            defer { close(input) }
            while true {
                if Task.isCancelled { throw .cancelled }
                let count = read(input, &buffer, buffer.count)
                guard count >= 0 else { throw .io(file, String(cString: strerror(errno))) }
                if count == 0 { break }
                var written = 0
                while written < count {
                    let step = buffer[written..<count].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
                    guard step > 0 else { throw .io(target.path, String(cString: strerror(errno))) }
                    written += step
                }
            }
        }
        guard fsync(output) == 0 else { throw .io(target.path, String(cString: strerror(errno))) }
    }

    /// `ffmpeg -c copy` of the video and the audio into `target`, in the container
    /// `destination`'s extension names (MPEG-TS when it names none ffmpeg knows).
    private func remux(into target: URL, like destination: URL) async throws(Failure) {
        guard let ffmpeg = PlayerEnvironment.executable(named: "ffmpeg", environment: environment) else {
            throw .needsFFmpeg
        }
        let known = ["mp4": "mp4", "m4v": "mp4", "mov": "mov", "mkv": "matroska", "ts": "mpegts"]
        let format = known[destination.pathExtension.lowercased()] ?? "mpegts"
        let words = copy.folder.appendingPathComponent(".ffmpeg-\(getpid()).log")
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
                    "-nostdin", "-hide_banner", "-loglevel", "error", "-i", folder("video/index.m3u8"), "-i",
                    folder("audio/index.m3u8"), "-map", "0:v", "-map", "1:a", "-c", "copy", "-f", format, target.path,
                ], environment: PlayerEnvironment.forPlayer(environment), standardOutput: .null,
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

    private static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
