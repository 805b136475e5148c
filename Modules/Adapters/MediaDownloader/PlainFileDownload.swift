import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One plain file: streamed into `video.EXT.part` and renamed when its length is whole; a
/// later call resumes the part with `Range` from its end and `If-Range` with the file's
/// validator, so that a file that changed meanwhile is fetched whole again, never spliced.
struct PlainFileDownload: Sendable {
    let request: DownloadRequest
    let folder: CopyFolder
    let manifest: ManifestFile
    let earlier: DownloadManifest?
    let transport: any HTTPTransport
    let timeout: TimeInterval
    let progress: @Sendable (DownloadProgress) -> Void

    private var name: String { "video." + Part.fileExtension(of: request.url, fallback: "mp4") }

    /// Goes on from an earlier call's part (or says the copy is complete).
    func resume() async throws(DownloadError) -> DownloadedCopy {
        if let earlier, earlier.complete, let size = folder.size(of: name) {
            return DownloadedCopy(
                playable: URL(fileURLWithPath: folder.path(name)), bytes: size, quality: earlier.quality)
        }
        var headers = HTTPHeaders()
        let kept = folder.temporarySize(of: name) ?? 0
        if kept > 0, let validator = earlier?.validator {
            headers.append(name: "Range", value: "bytes=\(kept)-")
            headers.append(name: "If-Range", value: validator)
        }
        let response: HTTPStreamedResponse
        do {
            (_, response) = try await MediaRequests(transport: transport, timeout: timeout)
                .open(request.url, headers: headers)
        } catch {
            throw DownloadError(error.cause == .cancelled ? .cancelled : .transport(error.cause))
        }
        switch response.status {
        case 206:
            guard let total = Self.total(response.headers["Content-Range"], startingAt: kept) else {
                response.body.cancel()
                throw DownloadError(.status(206))
            }
            return try await write(response, firstChunk: nil, appendingTo: kept, total: total)
        case 200: return try await start(response, firstChunk: nil)
        case 416 where Self.total(response.headers["Content-Range"], startingAt: nil) == kept:
            // The part is whole already (stopped between its last byte and its rename); the
            // answer's body is the server's page about the range, not the file's.
            response.body.cancel()
            return try finishWhole(kept, validator: earlier?.validator)
        default:
            response.body.cancel()
            throw DownloadError(.status(response.status))
        }
    }

    /// Gives the whole part of `bytes` its name and says the copy is complete.
    private func finishWhole(_ bytes: Int, validator: String?) throws(DownloadError) -> DownloadedCopy {
        try folder.finish(name)
        try manifest.write(
            DownloadManifest(
                source: request.url.absoluteString, kind: .file, quality: "the file", plan: request.url.absoluteString,
                playable: name, validator: validator, parts: 1, bytes: bytes, expectedBytes: bytes, complete: true,
                updated: 0, metadata: request.metadata))
        return DownloadedCopy(playable: URL(fileURLWithPath: folder.path(name)), bytes: bytes, quality: "the file")
    }

    /// Writes the whole file from `response` (a `200`), `firstChunk` already read from it.
    func start(_ response: HTTPStreamedResponse, firstChunk: Data?) async throws(DownloadError) -> DownloadedCopy {
        let total = response.headers["Content-Length"].flatMap { Int($0) }
        return try await write(response, firstChunk: firstChunk, appendingTo: 0, total: total)
    }

    private func write(_ response: HTTPStreamedResponse, firstChunk: Data?, appendingTo kept: Int, total: Int?)
        async throws(DownloadError) -> DownloadedCopy
    {
        // Only a strong validator may resume (RFC 9110, 13.1.5): a weak ETag is not sent back.
        let etag = response.headers["ETag"].flatMap { $0.hasPrefix("W/") ? nil : $0 }
        var record = DownloadManifest(
            source: request.url.absoluteString, kind: .file, quality: "the file", plan: request.url.absoluteString,
            playable: name, validator: etag ?? response.headers["Last-Modified"], parts: 1, bytes: kept,
            expectedBytes: total, complete: false, updated: 0, metadata: request.metadata)
        try manifest.write(record)
        if let total {
            do throws(DownloadError) {
                try folder.checkRoom(for: total - kept)
            } catch {
                response.body.cancel()
                throw error
            }
        }
        let counter = ProgressCounter(bytes: kept, partsDone: 0, parts: 1, expectedBytes: total, report: progress)
        let writer = try folder.temporary(name, appending: kept > 0)
        do throws(DownloadError) {
            var received = kept
            var pending = firstChunk
            while let chunk = try await next(response.body, pending: &pending) {
                received += chunk.count
                if let total, received > total {
                    throw DownloadError(.partLength(part: name, expected: total, received: received))
                }
                try writer.write(chunk)
                counter.add(chunk.count)
            }
            if let total, received != total {
                throw DownloadError(.partLength(part: name, expected: total, received: received))
            }
            try writer.close()
            record.bytes = received
        } catch {
            // What came stays for the next call: closed, not removed. A failure to close is
            // not said over the failure that stopped the download; the next call's length check
            // finds what it cost.
            do { try writer.close() } catch {}
            throw error
        }
        try folder.finish(name)
        counter.partDone()
        record.complete = true
        try manifest.write(record)
        return DownloadedCopy(
            playable: URL(fileURLWithPath: folder.path(name)), bytes: record.bytes, quality: record.quality)
    }

    private func next(_ body: HTTPBody, pending: inout Data?) async throws(DownloadError) -> Data? {
        if let chunk = pending {
            pending = nil
            return chunk
        }
        do {
            return try await body.next()
        } catch {
            throw DownloadError(
                error.cause == .cancelled ? .cancelled : .partFailed(part: name, status: nil, transport: error.cause))
        }
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
