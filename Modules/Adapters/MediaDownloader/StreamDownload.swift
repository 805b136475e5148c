import HLS
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One HLS download: the plan (variant, audio, their segments), the parts not yet whole
/// fetched `jobs` at a time, then the local playlists and the manifest that says complete.
struct StreamDownload: Sendable {
    let request: DownloadRequest
    let folder: CopyFolder
    let manifest: ManifestFile
    let earlier: DownloadManifest?
    let transport: any HTTPTransport
    let parser: PlaylistParser
    let attempts: Int
    let timeout: TimeInterval
    let progress: @Sendable (DownloadProgress) -> Void

    func run(playlist data: Data, from url: URL) async throws(DownloadError) -> DownloadedCopy {
        let (renderings, quality, bandwidth) = try await plan(try parse(data, from: url))
        let plan = renderings.map { "\($0.folder) \($0.segments.first?.url.path ?? "") \($0.segments.count)" }
            .joined(separator: "; ")
        if earlier?.plan != plan || !DownloadManifest.isSameSource(earlier?.source ?? "", request.url) {
            try startOver()
        }
        try folder.prepare(subfolders: renderings.map(\.folder))
        let parts = renderings.flatMap(\.parts)
        let duration = renderings.first?.playlist.duration ?? 0
        let expected = bandwidth.map { Int(Double($0) / 8 * duration) }
        var record = DownloadManifest(
            source: request.url.absoluteString, kind: .hls, quality: quality, plan: plan, playable: "index.m3u8",
            validator: nil, parts: parts.count, bytes: 0, expectedBytes: expected, complete: false, updated: 0,
            metadata: request.metadata)
        try manifest.write(record)
        let whole = parts.filter { folder.size(of: $0.name) != nil }
        let wholeNames = Set(whole.map(\.name))
        let wholeBytes = whole.reduce(0) { $0 + (folder.size(of: $1.name) ?? 0) }
        if let expected { try folder.checkRoom(for: expected - wholeBytes) }
        let counter = ProgressCounter(
            bytes: wholeBytes, partsDone: whole.count, parts: parts.count, expectedBytes: expected, report: progress)
        let fetcher = PartFetcher(
            transport: transport, folder: folder, keys: KeyCache(transport: transport, timeout: timeout),
            attempts: attempts, timeout: timeout, written: { counter.add($0) })
        try await fetch(parts.filter { !wholeNames.contains($0.name) }, with: fetcher, counter: counter)
        for rendering in renderings {
            try folder.write(Data(rendering.localPlaylist.utf8), as: "\(rendering.folder)/index.m3u8")
        }
        try folder.write(Data(master(renderings, bandwidth: bandwidth).utf8), as: "index.m3u8")
        record.bytes = parts.reduce(0) { $0 + (folder.size(of: $1.name) ?? 0) }
        record.complete = true
        try manifest.write(record)
        return DownloadedCopy(
            playable: URL(fileURLWithPath: folder.path("index.m3u8")), bytes: record.bytes, quality: quality)
    }

    private func parse(_ data: Data, from url: URL) throws(DownloadError) -> Playlist {
        do {
            return try parser.parse(data, from: url)
        } catch {
            throw DownloadError(.refused(error.description))
        }
    }

    /// The media playlists to copy, what was chosen, and its bandwidth.
    private func plan(_ playlist: Playlist) async throws(DownloadError) -> ([Rendering], String, Int?) {
        switch playlist {
        case .media(let media):
            return ([Rendering(folder: "video", playlist: media)], "the stream", nil)
        case .master(let master):
            guard let variant = master.variant(for: request.quality.hls) else {
                throw DownloadError(.refused("the master playlist lists no variant"))
            }
            var renderings = [Rendering(folder: "video", playlist: try await mediaPlaylist(at: variant.uri))]
            if let audio = master.audio(for: variant).first, let uri = audio.uri {
                renderings.append(Rendering(folder: "audio", playlist: try await mediaPlaylist(at: uri)))
            }
            let quality = variant.resolution.map { "\($0.height)p" } ?? "\(variant.bandwidth / 1000) kb/s"
            return (renderings, quality, variant.averageBandwidth ?? variant.bandwidth)
        }
    }

    private func mediaPlaylist(at url: URL) async throws(DownloadError) -> MediaPlaylist {
        let (final, status, body): (URL, Int, Data)
        do {
            (final, status, body) = try await MediaRequests(transport: transport, timeout: timeout)
                .data(url, limit: parser.maximumBytes)
        } catch {
            if error.cause == .tooLarge {
                let refusal = PlaylistError.tooLarge(bytes: parser.maximumBytes + 1, limit: parser.maximumBytes)
                throw DownloadError(.refused(refusal.description))
            }
            throw DownloadError(error.cause == .cancelled ? .cancelled : .transport(error.cause))
        }
        guard status == 200 else { throw DownloadError(.status(status)) }
        guard case .media(let media) = try parse(body, from: final) else {
            throw DownloadError(.refused("a variant's playlist is itself a master playlist"))
        }
        return media
    }

    /// Removes the parts of an earlier plan (or of one no manifest describes), whose names
    /// the new plan reuses for other bytes.
    private func startOver() throws(DownloadError) {
        for name in ["video", "audio"] where FileManager.default.fileExists(atPath: folder.path(name)) {
            do {
                try FileManager.default.removeItem(atPath: folder.path(name))
            } catch {
                throw DownloadError(
                    .io(
                        path: folder.path(name),
                        detail: "the parts of an earlier download could not be removed (\(error))"))
            }
        }
    }

    private func fetch(_ parts: [Part], with fetcher: PartFetcher, counter: ProgressCounter) async throws(DownloadError)
    {
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                var pending = parts.makeIterator()
                for _ in 0..<request.jobs {
                    guard let part = pending.next() else { break }
                    group.addTask { try await fetcher.fetch(part) }
                }
                while try await group.next() != nil {
                    counter.partDone()
                    if let part = pending.next() { group.addTask { try await fetcher.fetch(part) } }
                }
            }
        } catch let error as DownloadError {
            throw error
        } catch {
            throw DownloadError(.cancelled)
        }
    }

    /// The local master playlist: the variant, and its audio when apart.
    private func master(_ renderings: [Rendering], bandwidth: Int?) -> String {
        var lines = ["#EXTM3U"]
        let hasAudio = renderings.contains { $0.folder == "audio" }
        if hasAudio {
            lines.append(
                "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"audio\",NAME=\"audio\",DEFAULT=YES,AUTOSELECT=YES,URI=\"audio/index.m3u8\""
            )
        }
        lines.append("#EXT-X-STREAM-INF:BANDWIDTH=\(bandwidth ?? 1)" + (hasAudio ? ",AUDIO=\"audio\"" : ""))
        lines.append("video/index.m3u8")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension DownloadQuality {
    var hls: Quality {
        switch self {
        case .best: .best
        case .worst: .worst
        case .height(let height): .height(height)
        }
    }
}
