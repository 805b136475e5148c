import Digest
import Domain
import HLS
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What an HLS download copies: the media playlists of the chosen variant and its audio
/// rendition, what was chosen, and what the stream offered.
struct StreamPlan: Sendable {
    let renderings: [Rendering]
    /// What was kept, as a person says it: `360p`.
    let label: String
    let bandwidth: Int?
    /// The heights the master playlist offered, smallest first.
    let offeredHeights: [Int]
    /// Each rendition's variant, as the manifest keeps it: `video /media/…/v2/index.m3u8`.
    let entries: [String]

    /// The plan for `playlist` (a master playlist, or one media playlist) at `quality`, the
    /// media playlists fetched through `requests`.
    static func make(_ playlist: Playlist, quality: VideoQuality, requests: MediaRequests, parser: PlaylistParser)
        async throws(DownloadError) -> StreamPlan
    {
        let fetcher = MediaPlaylists(requests: requests, parser: parser)
        switch playlist {
        case .media(let media):
            return StreamPlan(
                renderings: [Rendering(folder: "video", playlist: media, digest: MediaPlaylists.digest(media))],
                label: "the stream",
                bandwidth: nil, offeredHeights: [], entries: ["video"])
        case .master(let master):
            guard let variant = master.variant(for: quality) else {
                throw DownloadError(.refused("the stream's master playlist lists no variant"))
            }
            let (video, videoDigest) = try await fetcher.fetch(variant.uri)
            var renderings = [Rendering(folder: "video", playlist: video, digest: videoDigest)]
            var entries = ["video \(variant.uri.path)"]
            if let audio = master.audio(for: variant).first, let uri = audio.uri {
                let (playlist, digest) = try await fetcher.fetch(uri)
                renderings.append(Rendering(folder: "audio", playlist: playlist, digest: digest))
                entries.append("audio \(uri.path)")
            }
            return StreamPlan(
                renderings: renderings,
                label: variant.resolution.map { "\($0.height)p" } ?? "\(variant.bandwidth / 1000) kb/s",
                bandwidth: variant.averageBandwidth ?? variant.bandwidth,
                offeredHeights: Array(Set(master.variants.compactMap { $0.resolution?.height })).sorted(),
                entries: entries)
        }
    }

    /// The manifest's words for the plan.
    var description: String { entries.joined(separator: ";") }

    /// The entry of `rendering` in ``description``.
    func entry(for rendering: Rendering) -> Substring {
        Substring(entries[renderings.firstIndex { $0.folder == rendering.folder } ?? 0])
    }

    /// The bytes the copy will take: its bandwidth times its length, when the master said it.
    var expectedBytes: Int? {
        bandwidth.map { Int(Double($0) / 8 * (renderings.first?.playlist.duration ?? 0)) }
    }

    /// The local master playlist: the variant, and its audio when apart.
    var localMaster: String {
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

/// The media playlists of a stream, fetched and parsed, each with the digest of its bytes.
struct MediaPlaylists: Sendable {
    let requests: MediaRequests
    let parser: PlaylistParser

    func fetch(_ url: URL) async throws(DownloadError) -> (MediaPlaylist, digest: String) {
        let (final, status, body): (URL, Int, Data)
        do {
            (final, status, body) = try await requests.data(url, limit: parser.maximumBytes)
        } catch {
            if case .transport(let transport) = error, transport.cause == .tooLarge {
                let refusal = PlaylistError.tooLarge(bytes: parser.maximumBytes + 1, limit: parser.maximumBytes)
                throw DownloadError(.refused(refusal.description))
            }
            throw error.downloadError(of: "a variant's playlist")
        }
        guard status == 200 else { throw DownloadError(.status(status)) }
        let parsed: Playlist
        do {
            parsed = try parser.parse(body, from: final)
        } catch {
            throw DownloadError(.refused(error.description))
        }
        guard case .media(let media) = parsed else {
            throw DownloadError(.refused("a variant's playlist is itself a master playlist"))
        }
        return (media, Self.digest(media))
    }

    /// The SHA-256 of what a media playlist says of its parts — each segment's resource
    /// without its query, its duration, byte range, key and initialization section — so that a
    /// signed CDN's new token in every URI on every request is no change of stream.
    static func digest(_ playlist: MediaPlaylist) -> String {
        func range(_ range: ByteRange?) -> String { range.map { "\($0.offset)+\($0.length)" } ?? "" }
        let lines = playlist.segments.map { segment in
            [
                segment.uri.host ?? "", segment.uri.path, "\(segment.duration)", range(segment.byteRange),
                segment.key.map { "\($0.uri.path) \($0.iv ?? [])" } ?? "",
                segment.map.map { "\($0.uri.path) \(range($0.byteRange))" } ?? "",
            ].joined(separator: "|")
        }
        return SHA256.hex(Array(lines.joined(separator: "\n").utf8))
    }
}
