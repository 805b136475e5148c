import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One download into a copy's folder, under the copy's lock: what was asked, the manifest and
/// what an earlier download left in it, and where the progress goes. It copies an HLS stream
/// (``stream(_:quality:parser:)``) or a plain file (``resume()``, ``start(_:firstChunk:)``).
struct CopyDownload: Sendable {
    let request: DownloadRequest
    let folder: CopyFolder
    let earlier: DownloadManifest?
    let requests: MediaRequests
    let progress: @Sendable (DownloadProgress) -> Void
}

/// One plain file: streamed into `video.EXT.part`, digested as it is written, and renamed
/// when its length is whole; a later call resumes the part with `Range` from its end and
/// `If-Range` with the file's validator, so that a file that changed meanwhile is fetched whole
/// again, never spliced. A file whose server announces no length is bounded by the video's
/// length (``Part/bound(seconds:)``): past it, what came is removed.
extension CopyDownload {
    private var name: String { "video." + Part.fileExtension(of: request.url, fallback: "mp4") }
    private var bound: Int { Part.bound(seconds: request.duration.map(Double.init)) }

    /// Goes on from an earlier call's part.
    func resume() async throws(DownloadError) -> DownloadedCopy {
        var headers = HTTPHeaders()
        let kept = folder.size(of: name + ".part") ?? 0
        if kept > 0, let validator = earlier?.validator {
            headers.append(name: "Range", value: "bytes=\(kept)-")
            headers.append(name: "If-Range", value: validator)
        }
        let (_, response) = try await requests.openFile(request.url, headers: headers)
        switch response.status {
        case 206:
            guard let total = Self.total(response.headers["Content-Range"], startingAt: kept) else {
                response.body.cancel()
                throw .failed(name, .wrongRange("its server answered another range"))
            }
            return try await write(response, firstChunk: nil, appendingTo: kept, total: total)
        case 200: return try await start(response, firstChunk: nil)
        case 416 where Self.total(response.headers["Content-Range"], startingAt: nil) == kept:
            // The part is whole already (stopped between its last byte and its rename); the
            // answer's body is the server's page about the range, not the file's.
            response.body.cancel()
            return try finishWhole(kept)
        default:
            response.body.cancel()
            throw DownloadError(.status(response.status))
        }
    }

    /// Writes the whole file from `response` (a `200`), `firstChunk` already read from it.
    func start(_ response: HTTPStreamedResponse, firstChunk: Data?) async throws(DownloadError) -> DownloadedCopy {
        try await write(
            response, firstChunk: firstChunk, appendingTo: 0, total: MediaRequests.declaredLength(response.headers))
    }

    /// The manifest of the file as far as it is, `record` its one part once whole.
    private func manifest(
        validator: String?, total: Int?, record: DownloadManifest.PartRecord?
    ) -> DownloadManifest {
        DownloadManifest(
            episode: request.episode, duration: request.duration, source: request.url.absoluteString, kind: .file,
            quality: "the file", plan: request.url.absoluteString, validator: validator, partCount: 1,
            parts: record.map { [$0] } ?? [], expectedBytes: total, complete: record != nil, metadata: request.metadata)
    }

    /// Gives the whole part of `bytes` its name and says the copy is complete.
    private func finishWhole(_ bytes: Int) throws(DownloadError) -> DownloadedCopy {
        guard let digest = PartDigest.ofFile(folder.path(name) + ".part") else {
            throw DownloadError(.io(path: folder.path(name) + ".part", detail: "it could not be read"))
        }
        let record = DownloadManifest.PartRecord(name: name, bytes: bytes, sha256: digest)
        try folder.journal(record)
        try folder.finish(name)
        try folder.writeManifest(manifest(validator: earlier?.validator, total: bytes, record: record))
        return DownloadedCopy(playable: URL(fileURLWithPath: folder.path(name)), bytes: bytes, quality: "the file")
    }

    private func write(_ response: HTTPStreamedResponse, firstChunk: Data?, appendingTo kept: Int, total: Int?)
        async throws(DownloadError) -> DownloadedCopy
    {
        // Only a strong validator may resume (RFC 9110, 13.1.5): a weak ETag is not sent back.
        let etag = response.headers["ETag"].flatMap { $0.hasPrefix("W/") ? nil : $0 }
        let validator = etag ?? response.headers["Last-Modified"]
        try folder.writeManifest(manifest(validator: validator, total: total, record: nil))
        let counter: ProgressCounter
        let writer: FileWriter
        let digest: DigestBehind
        do throws(DownloadError) {
            if let total {
                guard total <= bound else { throw .failed(name, .tooLarge(limit: bound)) }
                try folder.checkRoom(for: total - kept)
            }
            counter = ProgressCounter(bytes: kept, partsDone: 0, parts: 1, expectedBytes: total, report: progress)
            writer = try folder.temporary(name, appending: kept > 0)
            // What an earlier call fetched is digested first, from the same file.
            guard let behind = DigestBehind(path: writer.path) else {
                throw DownloadError(.io(path: writer.path, detail: "what is written could not be read back"))
            }
            digest = behind
        } catch {
            response.body.cancel()
            throw error
        }
        let watch = TransferWatch(response.body, window: requests.timeout, deadline: nil)
        defer { watch.end() }
        let sink = FileSink(
            name: name, writer: writer, digest: digest, received: kept, total: total, bound: bound, watch: watch,
            counter: counter)
        do throws(DownloadError) {
            if let firstChunk, !firstChunk.withUnsafeBytes(sink.take) { throw sink.refusal }
            try await drain(response.body, into: sink, watch)
            if let total, sink.received != total {
                throw .failed(name, .length(expected: total, received: sink.received))
            }
            try writer.close()
        } catch {
            // A body of no announced length that filled the disk may have no end: none of it is
            // kept, so that the disk is not left full.
            if total == nil, case .noSpace = error.cause { writer.abandon() }
            digest.abandon()
            // What came stays for the next call: closed, not removed (unless abandoned). A
            // failure to close is not said over the failure that stopped the download; the next
            // call's length check finds what it cost.
            do { try writer.close() } catch {}
            throw error
        }
        let received = sink.received
        guard let sha256 = digest.finish(length: received) else {
            throw DownloadError(.io(path: writer.path, detail: "what was written could not be read back"))
        }
        let record = DownloadManifest.PartRecord(
            name: name, bytes: received, sha256: sha256,
            validator: ResourceValidator(response.status, response.headers))
        try folder.journal(record)
        try folder.finish(name)
        counter.partDone()
        try folder.writeManifest(manifest(validator: validator, total: received, record: record))
        return DownloadedCopy(playable: URL(fileURLWithPath: folder.path(name)), bytes: received, quality: "the file")
    }

    /// Hands the body to `sink` on the transport's thread (see ``/Ports/HTTPBody/drain(into:)``).
    private func drain(_ body: HTTPBody, into sink: FileSink, _ watch: TransferWatch) async throws(DownloadError) {
        let tookAll: Bool
        do {
            tookAll = try await body.drain(into: sink.take)
        } catch {
            if let verdict = watch.verdict { throw .failed(name, verdict) }
            throw error.cause == .cancelled ? DownloadError(.cancelled) : .failed(name, .transport(error))
        }
        if !tookAll { throw sink.refusal }
    }

    /// The whole length a `Content-Range` gives (`bytes 100-199/1000` or `bytes */1000`), when
    /// its range starts at `start` (any start when `nil`).
    static func total(_ header: String?, startingAt start: Int?) -> Int? {
        guard let header, header.hasPrefix("bytes ") else { return nil }
        let parts = header.dropFirst(6).split(separator: "/")
        guard parts.count == 2, let total = Int(parts[1]) else { return nil }
        if let start {
            guard let first = parts[0].split(separator: "-").first.flatMap({ Int($0) }), first == start else {
                return nil
            }
        }
        return total
    }
}

/// Where a plain file's bytes go as the transport receives them: checked against the length
/// the server announced and the bound of the video's length, written, digested behind and
/// counted, on the transport's own thread (see ``/Ports/HTTPBody/drain(into:)``), so that
/// no chunk is copied for a reader's task on the way to the disk.
final class FileSink: @unchecked Sendable {
    // Sendable: the sink is used by one thread at a time: the reader's task until it hands
    // the body over, the transport's thread while it drains, the reader's again once the
    // drain returned; each hand-over passes through the body's lock.
    private let name: String
    private let writer: FileWriter
    private let digest: DigestBehind
    private let total: Int?
    private let bound: Int
    private let watch: TransferWatch
    private let counter: ProgressCounter
    /// The bytes in the file so far, those of an earlier call included.
    private(set) var received: Int
    /// Why the sink refused a chunk, once it has.
    private var failure: DownloadError?

    /// Why the sink refused a chunk: for the caller of ``take(_:)`` once it said `false`.
    var refusal: DownloadError {
        failure ?? DownloadError(.io(path: writer.path, detail: "its writer stopped without saying why"))
    }

    init(
        name: String, writer: FileWriter, digest: DigestBehind, received: Int, total: Int?, bound: Int,
        watch: TransferWatch, counter: ProgressCounter
    ) {
        self.name = name
        self.writer = writer
        self.digest = digest
        self.received = received
        self.total = total
        self.bound = bound
        self.watch = watch
        self.counter = counter
    }

    /// Takes `bytes`; `false`, with ``failure`` set, when they pass a bound or cannot be written.
    func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        do throws(DownloadError) {
            received += bytes.count
            watch.received(bytes.count)
            if let total, received > total {
                throw .failed(name, .length(expected: total, received: received))
            }
            if received > bound {
                writer.abandon()  // more than any video of this length: none of it is kept
                throw .failed(name, .tooLarge(limit: bound))
            }
            try writer.write(bytes)
            digest.written(upTo: received)
            counter.add(bytes.count)
            return true
        } catch {
            failure = error
            return false
        }
    }
}
