import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a copy's folder holds (`manifest.json`): where it came from, what was chosen, the
/// parts there are and each whole one's size, SHA-256 and validator. Written before the first
/// part and again at the end; in between, each part that becomes whole is recorded in the
/// folder's journal (`parts.jsonl`) first.
///
/// The manifests of earlier releases (no `format`: a part count and a total size) are read
/// too: see ``EarlierManifest``.
struct DownloadManifest: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable {
        case hls, file
    }

    /// What a part whole on disk was written as.
    struct PartRecord: Codable, Sendable, Equatable {
        /// Its path in the folder, such as `video/00007.ts`.
        var name: String
        var bytes: Int
        /// Its SHA-256 in hex; `nil` for a part an earlier release wrote.
        var sha256: String?
        /// What its server said of the resource it came from, to tell whether it changed since.
        var validator: ResourceValidator?
        /// Set by a verification that found its bytes no longer match `sha256`.
        var damaged: Bool?
    }

    static let currentFormat = 2
    var format = Self.currentFormat
    var episode: EpisodeLabel?
    var duration: Int?
    /// The stream URL the copy was made from.
    var source: String
    var kind: Kind
    /// What was kept, as a person says it (`720p`, `the file`).
    var quality: String
    /// What the download was asked for (`best`, `720`), which a later one without a choice keeps.
    var chosen: String?
    /// The variants the parts come from: a new plan for the same folder starts them over.
    var plan: String
    /// Each rendition's media playlist's SHA-256, by its folder: a changed one starts it over.
    var playlists: [String: String]?
    /// The validator a plain file's download resumes with (`If-Range`).
    var validator: String?
    /// How many parts the copy has.
    var partCount: Int
    /// The parts whole when the manifest was last written (the journal has what came since).
    var parts: [PartRecord]
    /// The parts the last download could not fetch, and why.
    var failed: [PartProblem]?
    var expectedBytes: Int?
    /// The heights the stream offered, smallest first.
    var offeredHeights: [Int]?
    /// Whether every part was checked whole when the download ended.
    var complete = false
    /// When it was last written, seconds since 1970.
    var updated: Double = 0
    /// What the caller asked to keep beside the copy (``/Ports/DownloadRequest/metadata``).
    var metadata: [String: String]?
    /// The segments the stream marks as gaps (`EXT-X-GAP`), which have no part.
    var gaps: Int?

    /// The manifest file's name in a copy's folder.
    static let fileName = "manifest.json"

    /// The file a player opens, relative to the folder: the local master playlist, or the
    /// file's one part — a name ``isSafe(_:)`` checks wherever a copy is read, never a path a
    /// manifest could point anywhere with.
    var playable: String {
        kind == .hls ? "index.m3u8" : (parts.first?.name ?? "video.mp4")
    }

    /// Whether `source` and `url` name the same stream: their query aside, which for a signed
    /// stream URL changes with every request for the video, and on 127.0.0.1 their port, which
    /// a server of this machine's chooses anew each time it starts (the CLI's built-in mock
    /// does). The validators (`If-Range`, the playlists' digests) still tell a changed stream.
    static func isSameSource(_ source: String, _ url: URL) -> Bool {
        guard let earlier = URL(string: source) else { return false }
        let portCounts = !(earlier.host == "127.0.0.1" && url.host == "127.0.0.1")
        return (earlier.scheme, earlier.host, earlier.path) == (url.scheme, url.host, url.path)
            && (!portCounts || earlier.port == url.port)
    }

    /// Whether `name` is one the downloader could have chosen for a part: `video/NAME` or
    /// `audio/NAME`, or `video.EXT`, of letters, digits, `-`, `_` and `.`, no `..` — so that a
    /// manifest names nothing outside its folder, nor the folder's own files.
    static func isSafe(_ name: String) -> Bool {
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        let placed =
            components.count == 2
            ? ["video", "audio"].contains(components[0]) : components.count == 1 && name.hasPrefix("video.")
        return placed
            && components.allSatisfy { component in
                !component.isEmpty && component != "." && component != ".."
                    && component.utf8.allSatisfy { isPlain($0) || $0 == 0x2E }
            }
    }

    /// Whether `byte` is an ASCII letter or digit, `-` or `_`.
    static func isPlain(_ byte: UInt8) -> Bool {
        let character = Character(Unicode.Scalar(byte))
        return (byte < 0x80 && (character.isLetter || character.isNumber)) || byte == 0x2D || byte == 0x5F
    }
}

/// A manifest as the releases before part records wrote it: a part count and a total size,
/// no format. Read so that their copies stay listed and playable; the next download of one
/// writes a manifest of today's.
struct EarlierManifest: Decodable {
    var source: String
    var kind: DownloadManifest.Kind
    var quality: String
    var plan: String
    var validator: String?
    var parts: Int
    var bytes: Int
    var expectedBytes: Int?
    var complete: Bool
    var updated: Double
    var metadata: [String: String]?

    /// Today's manifest of the same copy: its parts are `records` (found on disk), its episode
    /// what the earlier CLI kept in the metadata.
    func upgraded(records: [DownloadManifest.PartRecord]) -> DownloadManifest {
        DownloadManifest(
            duration: metadata?["duration"].flatMap { Int($0) }, source: source, kind: kind, quality: quality,
            plan: plan, validator: validator, partCount: parts, parts: records, expectedBytes: expectedBytes,
            complete: complete, updated: updated, metadata: metadata)
    }
}

/// What a server says of a resource that changes when it does: its `ETag`, its
/// `Last-Modified`, its whole length.
struct ResourceValidator: Codable, Sendable, Equatable {
    var etag: String?
    var modified: String?
    var length: Int?

    /// The validator an answer of `status` with `headers` gives; `nil` when it gives none.
    init?(_ status: Int, _ headers: HTTPHeaders) {
        etag = headers["ETag"]
        modified = headers["Last-Modified"]
        length =
            status == 206
            ? CopyDownload.total(headers["Content-Range"], startingAt: nil) : MediaRequests.declaredLength(headers)
        if etag == nil && modified == nil && length == nil { return nil }
    }

    /// Whether `other` tells of another version of the resource: by the ETags when both have
    /// one, else the dates, else the lengths; `false` when they have nothing to compare.
    func differs(from other: ResourceValidator) -> Bool {
        if let etag, let theirs = other.etag { return etag != theirs }
        if let modified, let theirs = other.modified { return modified != theirs }
        if let length, let theirs = other.length { return length != theirs }
        return false
    }
}

/// A copy an earlier release made, whose manifest has a total size but no part records: its
/// parts are the files its local playlists list (or its one file), at the sizes found. When
/// they do not add up to the total it was written with, which part changed cannot be told,
/// so every part is marked damaged and the next download fetches them again.
struct EarlierCopy {
    let folder: CopyFolder
    let manifest: EarlierManifest

    func records() -> [DownloadManifest.PartRecord] {
        guard manifest.complete else { return [] }  // a partial one goes on as a new one would
        if manifest.kind == .file {
            let name = "video." + Part.fileExtension(of: URL(string: manifest.source), fallback: "mp4")
            return [DownloadManifest.PartRecord(name: name, bytes: manifest.bytes)]
        }
        let names = ["video", "audio"].flatMap { rendition -> [String] in
            guard case .success(let files?) = folder.files(listedIn: rendition) else { return [] }
            return files.filter(DownloadManifest.isSafe)
        }
        var records = names.compactMap { name in
            folder.size(of: name).map { DownloadManifest.PartRecord(name: name, bytes: $0) }
        }
        if records.count != names.count || records.reduce(0, { $0 + $1.bytes }) != manifest.bytes {
            records = names.map { DownloadManifest.PartRecord(name: $0, bytes: 0, damaged: true) }
        }
        return records
    }

}

extension CopyFolder {
    /// The files the local playlist of subfolder `rendition` (`video`, `audio`) lists, in order
    /// (names the download chose): each initialization section (`EXT-X-MAP`) where it comes,
    /// then the segments after it; `nil` when there is no such playlist.
    func files(listedIn rendition: String) -> Result<[String]?, ReadFailure> {
        contents(of: "\(rendition)/index.m3u8").map { data in
            data.map { data in
                String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
                    if line.hasPrefix("#EXT-X-MAP:"), let uri = line.firstRange(of: "URI=\"") {
                        return rendition + "/" + line[uri.upperBound...].prefix { $0 != "\"" }
                    }
                    return line.isEmpty || line.hasPrefix("#") ? nil : rendition + "/" + line
                }
            }
        }
    }
}
