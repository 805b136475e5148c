import Domain
import HLS
import Ports
import PrivateFiles
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The ``/Ports/VideoDownloader`` of the layer: an HLS stream (the chosen video variant and its
/// audio rendition, several segments at a time, each checked against its length, decrypted
/// when AES-128, written under a temporary name and renamed when whole) or a plain file
/// (resumed with `Range` and `If-Range`, as `curl -C -` does), into a private folder with a
/// manifest of what is done. Only the stream's own URLs are fetched, with no credential.
public final class MediaDownloader: VideoDownloader {
    private let transport: any HTTPTransport
    private let parser: PlaylistParser
    private let attempts: Int
    private let timeout: TimeInterval

    /// A downloader over `transport` that tries each part `attempts` times in all, each
    /// request bounded by `timeout` seconds of silence.
    public init(
        transport: any HTTPTransport, attempts: Int = 3, timeout: TimeInterval = 30,
        parser: PlaylistParser = PlaylistParser()
    ) {
        self.transport = transport
        self.attempts = max(1, attempts)
        self.timeout = timeout
        self.parser = parser
    }

    public func download(_ request: DownloadRequest, progress: @escaping @Sendable (DownloadProgress) -> Void)
        async throws(DownloadError) -> DownloadedCopy
    {
        let folder = CopyFolder(request.destination)
        try folder.prepare(subfolders: [])
        let lock = FileLock(path: folder.path(".lock"), timeout: .milliseconds(300))
        let held: Int32
        do throws(StoreError) {
            held = try await lock.acquire()
        } catch {
            if case .lockTimeout = error { throw DownloadError(.busy(path: folder.root)) }
            throw DownloadError(.io(path: folder.path(".lock"), detail: "\(error)"))
        }
        defer { lock.release(held) }
        let manifest = ManifestFile(folder: folder)
        let earlier = manifest.read()
        if let earlier, earlier.kind == .file, DownloadManifest.isSameSource(earlier.source, request.url) {
            return try await plainFile(request, folder, manifest, earlier, progress).resume()
        }
        let (url, response) = try await open(request.url)
        var first = try await firstChunk(of: response.body)
        if PlaylistSniffer.isPlaylist(first) {
            while let chunk = try await nextChunk(of: response.body) {
                first.append(chunk)
                if first.count > parser.maximumBytes {
                    response.body.cancel()
                    throw DownloadError(
                        .refused(PlaylistError.tooLarge(bytes: first.count, limit: parser.maximumBytes).description))
                }
            }
            let stream = StreamDownload(
                request: request, folder: folder, manifest: manifest, earlier: earlier, transport: transport,
                parser: parser, attempts: attempts, timeout: timeout, progress: progress)
            return try await stream.run(playlist: first, from: url)
        }
        return try await plainFile(request, folder, manifest, earlier, progress).start(response, firstChunk: first)
    }

    private func plainFile(
        _ request: DownloadRequest, _ folder: CopyFolder, _ manifest: ManifestFile, _ earlier: DownloadManifest?,
        _ progress: @escaping @Sendable (DownloadProgress) -> Void
    ) -> PlainFileDownload {
        PlainFileDownload(
            request: request, folder: folder, manifest: manifest, earlier: earlier, transport: transport,
            timeout: timeout, progress: progress)
    }

    /// The response to `GET url`, redirects followed: the final URL is the one a playlist's
    /// URIs resolve against.
    private func open(_ url: URL) async throws(DownloadError) -> (URL, HTTPStreamedResponse) {
        let (final, response): (URL, HTTPStreamedResponse)
        do {
            (final, response) = try await MediaRequests(transport: transport, timeout: timeout).open(url)
        } catch {
            throw DownloadError(error.cause == .cancelled ? .cancelled : .transport(error.cause))
        }
        guard response.status == 200 else {
            response.body.cancel()
            throw DownloadError(.status(response.status))
        }
        return (final, response)
    }

    private func firstChunk(of body: HTTPBody) async throws(DownloadError) -> Data {
        try await nextChunk(of: body) ?? Data()
    }

    private func nextChunk(of body: HTTPBody) async throws(DownloadError) -> Data? {
        do {
            return try await body.next()
        } catch {
            throw DownloadError(error.cause == .cancelled ? .cancelled : .transport(error.cause))
        }
    }
}

/// Whether a body is a playlist, by its first bytes (a server's Content-Type varies).
enum PlaylistSniffer {
    static func isPlaylist(_ start: Data) -> Bool {
        let bytes = start.prefix(16)
        let header = Array("#EXTM3U".utf8)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        return bytes.starts(with: header) || bytes.starts(with: bom + header)
    }
}

/// The manifest of one folder: read whole or not at all, written atomically.
struct ManifestFile: Sendable {
    let folder: CopyFolder

    /// The manifest, or `nil` when there is none or it cannot be read: the parts beside an
    /// unreadable one cannot be trusted to be what a new plan names, so the copy starts over.
    func read() -> DownloadManifest? {
        guard let data = FileManager.default.contents(atPath: folder.path(DownloadManifest.fileName)) else {
            return nil
        }
        do {
            return try JSONDecoder().decode(DownloadManifest.self, from: data)
        } catch {
            return nil
        }
    }

    func write(_ manifest: DownloadManifest) throws(DownloadError) {
        var manifest = manifest
        manifest.updated = Date().timeIntervalSince1970
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(manifest)
        } catch {
            throw DownloadError(.io(path: folder.path(DownloadManifest.fileName), detail: "\(error)"))
        }
        try folder.write(data, as: DownloadManifest.fileName)
    }
}

/// Bytes and parts done so far, reported as they change.
final class ProgressCounter: Sendable {
    private struct State {
        var bytes: Int
        var partsDone: Int
        var reportedAt = 0
    }

    private let state: Mutex<State>
    private let parts: Int
    private let expectedBytes: Int?
    private let report: @Sendable (DownloadProgress) -> Void

    init(
        bytes: Int, partsDone: Int, parts: Int, expectedBytes: Int?,
        report: @escaping @Sendable (DownloadProgress) -> Void
    ) {
        state = Mutex(State(bytes: bytes, partsDone: partsDone))
        self.parts = parts
        self.expectedBytes = expectedBytes
        self.report = report
        report(DownloadProgress(bytes: bytes, expectedBytes: expectedBytes, partsDone: partsDone, parts: parts))
    }

    var bytes: Int { state.withLock { $0.bytes } }

    /// Counts `count` more bytes; reports every 256 KiB.
    func add(_ count: Int) {
        let now = state.withLock { state -> DownloadProgress? in
            state.bytes += count
            guard state.bytes - state.reportedAt >= 256 << 10 else { return nil }
            state.reportedAt = state.bytes
            return DownloadProgress(
                bytes: state.bytes, expectedBytes: expectedBytes, partsDone: state.partsDone, parts: parts)
        }
        now.map(report)
    }

    func partDone() {
        let now = state.withLock { state in
            state.partsDone += 1
            return DownloadProgress(
                bytes: state.bytes, expectedBytes: expectedBytes, partsDone: state.partsDone, parts: parts)
        }
        report(now)
    }
}

/// The requests of a download: `GET`, redirects followed (http and https only, at most five),
/// the headers kept on every hop (a `Range` too).
struct MediaRequests: Sendable {
    let transport: any HTTPTransport
    let timeout: TimeInterval

    /// The final URL and its response, whatever its status; a redirect past the fifth is answered as it is.
    func open(_ url: URL, headers: HTTPHeaders = [:], limit: Int = 1 << 40) async throws(TransportError) -> (
        URL, HTTPStreamedResponse
    ) {
        var url = url
        for hop in 0...5 {
            let response = try await transport.stream(
                HTTPRequest(method: "GET", url: url, headers: headers, timeout: timeout, maximumResponseSize: limit))
            guard hop < 5, [301, 302, 303, 307, 308].contains(response.status),
                let location = response.headers["Location"],
                let next = URL(string: location, relativeTo: url)?.absoluteURL,
                ["http", "https"].contains(next.scheme?.lowercased() ?? "")
            else { return (url, response) }
            response.body.cancel()
            url = next
        }
        preconditionFailure("the last hop returns")
    }

    /// The whole body of `url` (a playlist, a key), at most `limit` bytes.
    func data(_ url: URL, limit: Int) async throws(TransportError) -> (URL, status: Int, Data) {
        let (final, response) = try await open(url, limit: limit)
        var data = Data()
        while let chunk = try await response.body.next() { data.append(chunk) }
        return (final, response.status, data)
    }
}
