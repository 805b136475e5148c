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

    /// The plan for `playlist` (a master playlist, or one media playlist) at `quality`, the
    /// media playlists fetched through `requests`.
    static func make(_ playlist: Playlist, quality: VideoQuality, requests: MediaRequests, parser: PlaylistParser)
        async throws(DownloadError) -> StreamPlan
    {
        switch playlist {
        case .media(let media):
            return StreamPlan(
                renderings: [Rendering(folder: "video", playlist: media)], label: "the stream", bandwidth: nil,
                offeredHeights: [])
        case .master(let master):
            guard let variant = master.variant(for: quality) else {
                throw DownloadError(.refused("the stream's master playlist lists no variant"))
            }
            var renderings = [try await rendering("video", at: variant.uri, requests, parser)]
            if let audio = master.audio(for: variant).first, let uri = audio.uri {
                renderings.append(try await rendering("audio", at: uri, requests, parser))
            }
            return StreamPlan(
                renderings: renderings,
                label: variant.resolution.map { "\($0.height)p" } ?? "\(variant.bandwidth / 1000) kb/s",
                bandwidth: variant.averageBandwidth ?? variant.bandwidth,
                offeredHeights: Array(Set(master.variants.compactMap { $0.resolution?.height })).sorted())
        }
    }

    /// Subfolder `folder`'s rendering of the media playlist at `url`, fetched and parsed.
    private static func rendering(_ folder: String, at url: URL, _ requests: MediaRequests, _ parser: PlaylistParser)
        async throws(DownloadError) -> Rendering
    {
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
        guard case .media(let media) = try parser.read(body, from: final) else {
            throw DownloadError(.refused("a variant's playlist is itself a master playlist"))
        }
        return Rendering(folder: folder, playlist: media, source: url)
    }

    /// The manifest's words for the plan.
    var description: String { renderings.map(\.entry).joined(separator: ";") }

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
