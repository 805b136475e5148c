import Domain
import HLS
import Ports
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The ``/Ports/VideoDownloader`` of the layer, and the one owner of the copies on disk.
///
/// A download copies an HLS stream (the chosen variant and its audio rendition, several
/// segments at a time, each checked against its length and bound, decrypted as it arrives
/// when AES-128, digested, recorded, then renamed) or a plain file (resumed with `Range` and
/// `If-Range`, as `curl -C -` does), into a private folder per video under `root`
/// (`$XDG_DATA_HOME/cocoacasts/videos` by default) with a manifest of every whole part's size
/// and SHA-256. Listing, verifying, removing and exporting copies happen here too, each under
/// the copy's lock, so that a removal and a download never meet half-way. Only the stream's
/// own URLs are fetched, with no credential.
public final class MediaDownloader: VideoDownloader {
    private let requests: MediaRequests
    private let parser: PlaylistParser
    private let library: CopyLibrary
    private let environment: [String: String]

    /// A downloader over `transport` keeping its copies under `root`, that tries a request or a
    /// part again as `retryPolicy` says (the API client's rule, ``/Domain/RetryPolicy/standard``),
    /// each transfer bounded by `timeout` seconds (a part's whole transfer; a plain file's, as a
    /// window in which 256 KiB at least must come); `environment` is where an export finds
    /// ffmpeg (`PATH`).
    public init(
        transport: any HTTPTransport, root: URL, environment: [String: String] = [:],
        retryPolicy: RetryPolicy = .standard, timeout: TimeInterval = 30, parser: PlaylistParser = PlaylistParser()
    ) {
        self.requests = MediaRequests(transport: transport, timeout: timeout, retryPolicy: retryPolicy)
        self.library = CopyLibrary(root: root)
        self.environment = environment
        self.parser = parser
    }

    /// The copies of `environment`'s user: `$XDG_DATA_HOME/cocoacasts/videos` when that is an
    /// absolute path (as the XDG specification asks), else `~/.local/share/cocoacasts/videos`.
    public static func defaultRoot(environment: [String: String]) -> URL {
        let home =
            environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".local/share")
        return data.appendingPathComponent("cocoacasts/videos")
    }

    public var location: URL { library.root }

    public func download(_ request: DownloadRequest, progress: @escaping @Sendable (DownloadProgress) -> Void)
        async throws(DownloadError) -> DownloadedCopy
    {
        let held = try await library.lock(request.videoID)
        defer { held.release() }
        let folder = library.folder(forVideo: request.videoID)
        try folder.prepare(subfolders: [])
        var earlier: DownloadManifest?
        switch folder.readManifest() {
        case .manifest(let found): earlier = found
        case .newer(let format):
            throw DownloadError(
                .io(
                    path: folder.root,
                    detail: "a later version of cocoacasts wrote this copy (format \(format)); that version goes on "
                        + "with it, or `cocoacasts downloads --remove` removes it"))
        case .none, .unreadable: break  // what is there is fetched again
        }
        let download = CopyDownload(
            request: request, folder: folder, earlier: earlier, requests: requests, progress: progress)
        let quality = request.quality ?? earlier?.chosen.flatMap(VideoQuality.init) ?? .best
        // A complete copy stays as it is when asked for nothing else; a damaged one is mended below.
        if let earlier,
            earlier.kind == .file || request.quality == nil || request.quality?.description == earlier.chosen,
            DownloadManifest.isSameSource(earlier.source, request.url),
            CopyCheck(folder: folder, manifest: earlier).isComplete()
        {
            return DownloadedCopy(
                playable: URL(fileURLWithPath: folder.path(earlier.playable)),
                bytes: earlier.parts.reduce(0) { $0 + $1.bytes }, quality: earlier.quality,
                offeredHeights: earlier.offeredHeights ?? [])
        }
        if let earlier, earlier.kind == .file, DownloadManifest.isSameSource(earlier.source, request.url) {
            return try await download.resume()
        }
        let (url, response, first) = try await open(request.url)
        if Self.isPlaylist(first) {
            return try await download.stream(parser.read(first, from: url), quality: quality, parser: parser)
        }
        if earlier?.kind == .hls {  // the stream an earlier download copied gives way to the file
            try folder.removeTree("video")
            try folder.removeTree("audio")
            folder.remove("index.m3u8")
        }
        return try await download.start(response, firstChunk: first)
    }

    public func qualities(at url: URL) async throws(DownloadError) -> [OfferedQuality] {
        let (base, response, first) = try await open(url)
        guard Self.isPlaylist(first) else {
            response.body.cancel()
            return []
        }
        guard case .master(let master) = try parser.read(first, from: base) else { return [] }
        let (best, worst) = (master.variant(for: .best)?.uri, master.variant(for: .worst)?.uri)
        return master.choices.map { variant in
            OfferedQuality(
                width: variant.resolution?.width, height: variant.resolution?.height, bandwidth: variant.bandwidth,
                averageBandwidth: variant.averageBandwidth, codecs: variant.codecs,
                chosenBy: [(VideoQuality.best, best), (.worst, worst)].filter { $0.1 == variant.uri }.map(\.0))
        }
    }

    public func copies() async throws(DownloadError) -> [LocalCopy] {
        try library.folderNames().compactMap { name in
            CopyCheck.copy(videoID: CopyLibrary.videoID(ofFolder: name), in: library, verifying: false)
        }.sorted { $0.updated > $1.updated }
    }

    public func copy(of videoID: String, verifying: Bool) async throws(DownloadError) -> LocalCopy? {
        try library.check(creating: false)
        guard library.folder(forVideo: videoID).exists else { return nil }
        guard verifying else { return CopyCheck.copy(videoID: videoID, in: library, verifying: false) }
        // Under the lock: what the digests find damaged is recorded, for `download` to mend.
        let held = try await library.lock(videoID)
        defer { held.release() }
        return try CopyCheck.verify(videoID: videoID, in: library)
    }

    public func remove(videoID: String) async throws(DownloadError) -> Bool {
        try await library.remove(videoID)
    }

    public func export(videoID: String, to destination: URL) async throws(DownloadError) -> Int {
        let held = try await library.lock(videoID)
        defer { held.release() }
        let folder = library.folder(forVideo: videoID)
        guard case .manifest(let manifest) = folder.readManifest(),
            CopyCheck(folder: folder, manifest: manifest).isComplete()
        else { throw DownloadError(.notComplete(videoID: videoID)) }
        do {
            return try await CopyExport(folder: folder, manifest: manifest, environment: environment)
                .export(to: destination)
        } catch {
            throw DownloadError(.export(error))
        }
    }

    /// The response to `GET url`, redirects followed: the final URL is the one a playlist's
    /// URIs resolve against.
    /// URIs resolve against — with the first of its body: a playlist's whole text (at most the
    /// parser's bound), or the first bytes of a file, enough to tell a playlist however the body
    /// is cut into chunks.
    private func open(_ url: URL) async throws(DownloadError) -> (URL, HTTPStreamedResponse, first: Data) {
        let (final, response) = try await requests.openFile(url)
        guard response.status == 200 else {
            response.body.cancel()
            throw DownloadError(.status(response.status))
        }
        var first = Data()
        while first.count < 16, let chunk = try await nextChunk(of: response.body) { first.append(chunk) }
        guard !first.isEmpty else { throw DownloadError(.refused("the server sent an empty file")) }
        guard Self.isPlaylist(first) else { return (final, response, first) }
        while let chunk = try await nextChunk(of: response.body) {
            first.append(chunk)
            if first.count > parser.maximumBytes {
                response.body.cancel()
                throw DownloadError(
                    .refused(PlaylistError.tooLarge(bytes: first.count, limit: parser.maximumBytes).description))
            }
        }
        return (final, response, first)
    }

    private func nextChunk(of body: HTTPBody) async throws(DownloadError) -> Data? {
        do {
            return try await body.next()
        } catch {
            throw DownloadError(error.cause == .cancelled ? .cancelled : .transport(error))
        }
    }

    /// Whether a body is a playlist, by its first bytes (a server's Content-Type varies).
    private static func isPlaylist(_ start: Data) -> Bool {
        let bytes = start.prefix(16)
        let header = Array("#EXTM3U".utf8)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        return bytes.starts(with: header) || bytes.starts(with: bom + header)
    }
}

extension PlaylistParser {
    /// The playlist `data` holds (see ``/HLS/PlaylistParser/parse(_:from:)``), its refusal a download's.
    func read(_ data: Data, from url: URL) throws(DownloadError) -> Playlist {
        do {
            return try parse(data, from: url)
        } catch {
            throw DownloadError(.refused(error.description))
        }
    }
}

/// Bytes and parts done so far, reported as they change.
final class ProgressCounter: Sendable {
    private struct State {
        var bytes: Int
        var partsDone: Int
        var reportedAt = 0
        var reportedWhen = ContinuousClock.now
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

    /// Counts `count` more bytes; reports every 256 KiB, or a fifth of a second after the
    /// last report on a slower link, so that a rate drawn from the reports stays smooth.
    func add(_ count: Int) {
        let now = state.withLock { state -> DownloadProgress? in
            state.bytes += count
            let instant = ContinuousClock.now
            guard state.bytes - state.reportedAt >= 256 << 10 || instant - state.reportedWhen >= .milliseconds(200)
            else { return nil }
            state.reportedAt = state.bytes
            state.reportedWhen = instant
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
