import Digest
import HLS

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One file of the local copy and where its bytes come from: a segment, an initialization
/// section, or the whole of a plain file. Its name is the project's, never the server's.
struct Part: Sendable, Equatable {
    /// Its path inside the copy's folder, such as `video/0007.ts`.
    let name: String
    let url: URL
    /// The sub-range of `url` it is, for a segment of a playlist with byte ranges.
    let range: ByteRange?
    /// The key it was encrypted with, and the IV.
    let key: SegmentKey?
    let iv: [UInt8]?
    /// The most bytes it may have: past them it is no part of this stream (see ``bound(seconds:)``).
    let limit: Int

    /// The most bytes media `seconds` long may take: 50 Mbit/s (twice a 4K stream's) for every
    /// second, and 8 MiB besides; without a length, 8 MiB (an initialization section) plus what
    /// 12 hours would take. A body past it is no part of the video (a server writing without
    /// end), whatever it announces.
    static func bound(seconds: Double?) -> Int {
        8 << 20 + Int(min(seconds ?? 43_200, 43_200).rounded(.up)) * 6_250_000
    }

    /// The extensions a player's HLS demuxer opens from disk (FFmpeg's allowed list); any
    /// other, or none, is saved as `.ts`.
    static let playableExtensions: Set<String> = [
        "ts", "aac", "mp4", "m4s", "m4a", "m4v", "mp3", "ac3", "vtt", "webm", "wav", "mkv", "mov",
    ]

    /// The extension to save `url` under: its own when a player opens it from disk, else `fallback`.
    static func fileExtension(of url: URL?, fallback: String = "ts") -> String {
        let own = url?.pathExtension.lowercased() ?? ""
        return playableExtensions.contains(own) ? own : fallback
    }
}

/// One media playlist's parts, in order, with what its local playlist needs.
struct Rendering: Sendable {
    /// `video` or `audio`: the copy's subfolder.
    let folder: String
    let playlist: MediaPlaylist
    /// The variant's media playlist it was fetched from; `nil` for the one playlist of a stream.
    let source: URL?
    /// The segments' parts, in the playlist's order: one per segment, none for a gap
    /// (`EXT-X-GAP`), whose URI the packager says is not to be fetched.
    let segments: [Part?]
    /// The initialization sections' parts, by their place in the playlist.
    let maps: [MediaInitialization: Part]
    /// The SHA-256 of what the media playlist says of its parts: another one means other parts.
    let digest: String

    init(folder: String, playlist: MediaPlaylist, source: URL? = nil) {
        self.folder = folder
        self.playlist = playlist
        self.source = source
        digest = Self.digest(playlist)
        var maps: [MediaInitialization: Part] = [:]
        // A section only gaps use is not fetched: no segment on disk needs it.
        for map in playlist.segments.filter({ !$0.isGap }).compactMap(\.map) where maps[map] == nil {
            let name = "\(folder)/init-\(maps.count).\(Part.fileExtension(of: map.uri, fallback: "mp4"))"
            maps[map] = Part(
                name: name, url: map.uri, range: map.byteRange, key: map.key, iv: map.key?.iv,
                limit: Part.bound(seconds: 0))
        }
        self.maps = maps
        segments = playlist.segments.enumerated().map { index, segment in
            segment.isGap
                ? nil
                : Part(
                    name: "\(folder)/\(String(index).leftPadded(to: 5)).\(Part.fileExtension(of: segment.uri))",
                    url: segment.uri,
                    range: segment.byteRange, key: segment.key,
                    iv: segment.key?.initializationVector(forSequenceNumber: segment.sequenceNumber),
                    limit: Part.bound(seconds: segment.duration))
        }
    }

    /// Its words in the plan, as the manifest keeps them: `video /media/…/v2/index.m3u8`.
    var entry: String { source.map { "\(folder) \($0.path)" } ?? folder }

    /// Every part: the initialization sections first.
    var parts: [Part] { maps.values.sorted { $0.name < $1.name } + segments.compactMap { $0 } }

    /// The segments that are gaps, and the seconds they last.
    var gaps: (count: Int, seconds: Double) {
        let gaps = playlist.segments.filter(\.isGap)
        return (gaps.count, gaps.reduce(0) { $0 + $1.duration })
    }

    /// The local playlist: the same segments, in files of the copy, decrypted, whole.
    var localPlaylist: String {
        var lines = [
            "#EXTM3U", "#EXT-X-VERSION:\(maps.isEmpty ? 3 : 7)", "#EXT-X-TARGETDURATION:\(playlist.targetDuration)",
            "#EXT-X-MEDIA-SEQUENCE:\(playlist.mediaSequence)", "#EXT-X-PLAYLIST-TYPE:VOD",
        ]
        var currentMap: MediaInitialization?
        for (index, (segment, part)) in zip(playlist.segments, segments).enumerated() {
            if let map = segment.map, map != currentMap, let local = maps[map] {
                lines.append("#EXT-X-MAP:URI=\"\(Self.local(local.name))\"")
                currentMap = map
            }
            if segment.discontinuity { lines.append("#EXT-X-DISCONTINUITY") }
            // A gap keeps its time, so that positions are the stream's: a player skips it as
            // it would online (one that does not know the tag fails to open it and goes on).
            if part == nil { lines.append("#EXT-X-GAP") }
            lines.append("#EXTINF:\(segment.duration),")
            lines.append(part.map { Self.local($0.name) } ?? "gap-\(String(index).leftPadded(to: 5)).ts")
        }
        lines.append("#EXT-X-ENDLIST")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A part's name as its folder's playlist refers to it.
    private static func local(_ name: String) -> String {
        String(name.split(separator: "/").last ?? "")
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
