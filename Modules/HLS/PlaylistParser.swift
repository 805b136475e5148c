import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads HLS playlists as RFC 8216 writes them, for a download: a master playlist's variants
/// and renditions, or a complete media playlist's segments with their byte ranges, keys and
/// initialization sections, every URI resolved against the playlist's own URL.
///
/// Unknown tags are ignored, as the RFC requires, and what packagers write beyond its letter is
/// read as players read it: spaces after a comma or after `EXTINF:`, a VOD playlist without
/// `EXT-X-ENDLIST`. Refused, each with its own ``PlaylistError``: a playlist over
/// ``maximumBytes`` or with more than ``maximumEntries`` entries, a live one, segments only DRM
/// decrypts, and a URI that is not http or https once resolved.
public struct PlaylistParser: Sendable {
    /// The longest playlist read: 4 MiB holds 50,000 segments with long signed URIs.
    public var maximumBytes: Int
    /// The most segments, variants and renditions read: 20,000 segments of 2 s are 11 hours.
    public var maximumEntries: Int

    public init(maximumBytes: Int = 4 << 20, maximumEntries: Int = 20_000) {
        self.maximumBytes = maximumBytes
        self.maximumEntries = maximumEntries
    }

    /// The playlist `data` holds, fetched from `url` (its final URL, after redirects).
    public func parse(_ data: Data, from url: URL) throws(PlaylistError) -> Playlist {
        guard data.count <= maximumBytes else { throw .tooLarge(bytes: data.count, limit: maximumBytes) }
        var reading = PlaylistReading(base: url, maximumEntries: maximumEntries)
        // Lines end at LF or CRLF alone (RFC 8216, 4.1): a U+2028 in a title is no line's end.
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).lazy.map {
            Substring(String(decoding: $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0, as: UTF8.self))
        }.makeIterator()
        guard let header = lines.next(), Self.trimmed(header).drop(while: { $0 == "\u{FEFF}" }) == "#EXTM3U" else {
            throw .notAPlaylist
        }
        var number = 1
        while let line = lines.next() {
            number += 1
            try reading.read(Self.trimmed(line), line: number)
        }
        return try reading.finish(lines: number)
    }

    static func trimmed(_ line: Substring) -> Substring {
        var line = line
        while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
        while let first = line.first, first == " " || first == "\t" { line = line.dropFirst() }
        return line
    }
}

/// One pass over a playlist's lines: what applies to the next URI line, and what was read.
struct PlaylistReading {
    let base: URL
    let maximumEntries: Int
    // What was read is fileprivate, not private, so that the parser can make a reading with the
    // memberwise initializer.
    fileprivate var variants: [Variant] = []
    fileprivate var renditions: [Rendition] = []
    fileprivate var segments: [Segment] = []
    /// The `EXT-X-STREAM-INF` whose URI line comes next, and its line.
    fileprivate var streamInf: (attributes: AttributeList, line: Int)?
    /// The duration of the `EXTINF` whose URI line comes next.
    fileprivate var segmentDuration: Double?
    /// The `EXT-X-BYTERANGE` of the next segment: its length, and its offset when given.
    fileprivate var byteRange: (length: Int, offset: Int?)?
    fileprivate var discontinuity = false
    /// Whether the next segment is one the packager marks missing (`EXT-X-GAP`).
    fileprivate var gap = false
    fileprivate var key: SegmentKey?
    fileprivate var map: MediaInitialization?
    fileprivate var targetDuration: Int?
    fileprivate var mediaSequence: UInt64 = 0
    /// `EXT-X-ENDLIST` was read, or `EXT-X-PLAYLIST-TYPE:VOD`: a playlist that cannot change.
    fileprivate var hasEnded = false

    mutating func read(_ line: Substring, line number: Int) throws(PlaylistError) {
        guard !line.isEmpty else { return }
        guard line.hasPrefix("#") else { return try readURI(line, line: number) }
        guard line.hasPrefix("#EXT") else { return }  // a comment
        let colon = line.firstIndex(of: ":")
        let tag = line[..<(colon ?? line.endIndex)]
        let value = colon.map { line[line.index(after: $0)...] } ?? ""
        switch tag {
        case "#EXT-X-STREAM-INF": streamInf = (try attributes(value, line: number), number)
        case "#EXT-X-MEDIA": renditions.append(try rendition(try attributes(value, line: number), line: number))
        case "#EXTINF":
            let text = PlaylistParser.trimmed(value.prefix { $0 != "," })
            guard let duration = PlaylistNumbers.decimalFloatingPoint(text) else {
                throw .malformed(line: number, problem: "has an EXTINF whose duration is not a number of seconds")
            }
            segmentDuration = duration
        case "#EXT-X-TARGETDURATION": targetDuration = Int(clamping: try integer(value, line: number, tag: tag))
        case "#EXT-X-MEDIA-SEQUENCE":
            // It numbers the segments from the first: after one, the numbers already given would change.
            guard segments.isEmpty, segmentDuration == nil else {
                throw .malformed(line: number, problem: "has an EXT-X-MEDIA-SEQUENCE after the first segment")
            }
            mediaSequence = try integer(value, line: number, tag: tag)
        case "#EXT-X-BYTERANGE": byteRange = try range(value, line: number)
        case "#EXT-X-KEY": key = try segmentKey(try attributes(value, line: number), line: number)
        case "#EXT-X-MAP": map = try initialization(try attributes(value, line: number), line: number)
        case "#EXT-X-DISCONTINUITY": discontinuity = true
        case "#EXT-X-GAP": gap = true
        case "#EXT-X-ENDLIST": hasEnded = true
        // A VOD playlist cannot change (RFC 8216, 4.3.3.5), whether or not it ends with ENDLIST.
        case "#EXT-X-PLAYLIST-TYPE" where value == "VOD": hasEnded = true
        default: break  // unknown tags are ignored (RFC 8216, 6.3.1)
        }
        try checkTheCount()
    }

    func finish(lines: Int) throws(PlaylistError) -> Playlist {
        guard streamInf == nil, segmentDuration == nil else {
            throw .malformed(line: lines, problem: "ends before the URI its last tag announces")
        }
        switch (variants.isEmpty, segments.isEmpty) {
        case (false, true): return .master(MasterPlaylist(variants: variants, renditions: renditions))
        case (true, false):
            guard hasEnded else { throw .live }
            guard let targetDuration else {
                throw .malformed(line: 1, problem: "lists segments without an EXT-X-TARGETDURATION")
            }
            return .media(
                MediaPlaylist(targetDuration: targetDuration, mediaSequence: mediaSequence, segments: segments))
        default: throw .neitherMasterNorMedia
        }
    }

    private mutating func readURI(_ text: Substring, line number: Int) throws(PlaylistError) {
        let uri = try resolved(text, line: number)
        if let streamInf {
            self.streamInf = nil
            variants.append(try variant(streamInf.attributes, uri: uri, line: streamInf.line))
        } else if let duration = segmentDuration {
            segmentDuration = nil
            let range = try segmentRange(for: uri, line: number)
            let (sequenceNumber, overflows) = mediaSequence.addingReportingOverflow(UInt64(segments.count))
            guard !overflows else {
                throw .malformed(line: number, problem: "numbers its segments past 2^64-1, the most a number may be")
            }
            segments.append(
                Segment(
                    uri: uri, duration: duration, sequenceNumber: sequenceNumber, byteRange: range, key: key, map: map,
                    discontinuity: discontinuity, isGap: gap))
            discontinuity = false
            gap = false
        } else {
            throw .malformed(line: number, problem: "is a URI that no EXTINF or EXT-X-STREAM-INF announces")
        }
        try checkTheCount()
    }

    /// The next segment's byte range: the one given, its offset following the previous
    /// segment's range of the same resource when it gives none.
    private mutating func segmentRange(for uri: URL, line number: Int) throws(PlaylistError) -> ByteRange? {
        guard let given = byteRange else { return nil }
        byteRange = nil
        if let offset = given.offset { return ByteRange(length: given.length, offset: offset) }
        guard let previous = segments.last, previous.uri == uri, let before = previous.byteRange else {
            throw .malformed(
                line: number, problem: "has a byte range without an offset, and no range of the same resource before it"
            )
        }
        let (offset, overflows) = before.offset.addingReportingOverflow(before.length)
        guard !overflows, offset <= Int.max / 2 - given.length else {
            throw .malformed(line: number, problem: "has a byte range past any file's end")
        }
        return ByteRange(length: given.length, offset: offset)
    }

    private func checkTheCount() throws(PlaylistError) {
        let count = variants.count + renditions.count + segments.count
        if count > maximumEntries { throw .tooManyEntries(count: count, limit: maximumEntries) }
    }

    private func variant(_ attributes: AttributeList, uri: URL, line number: Int) throws(PlaylistError) -> Variant {
        guard let bandwidth = try optionalInteger(attributes["BANDWIDTH"], line: number, name: "BANDWIDTH") else {
            throw .malformed(line: number, problem: "has an EXT-X-STREAM-INF without BANDWIDTH")
        }
        var resolution: Resolution?
        if let text = attributes["RESOLUTION"] {
            let sides = text.split(separator: "x", omittingEmptySubsequences: false)
            guard sides.count == 2, let width = PlaylistNumbers.decimalInteger(sides[0]).map(Int.init(clamping:)),
                let height = PlaylistNumbers.decimalInteger(sides[1]).map(Int.init(clamping:)), width > 0, height > 0
            else {
                throw .malformed(line: number, problem: "has a RESOLUTION that is not WIDTHxHEIGHT")
            }
            resolution = Resolution(width: width, height: height)
        }
        return Variant(
            uri: uri, bandwidth: bandwidth,
            averageBandwidth: try optionalInteger(
                attributes["AVERAGE-BANDWIDTH"], line: number, name: "AVERAGE-BANDWIDTH"),
            resolution: resolution, codecs: attributes["CODECS"], audioGroup: attributes["AUDIO"])
    }

    private func rendition(_ attributes: AttributeList, line number: Int) throws(PlaylistError) -> Rendition {
        guard let typeName = attributes["TYPE"], let groupID = attributes["GROUP-ID"], let name = attributes["NAME"]
        else { throw .malformed(line: number, problem: "has an EXT-X-MEDIA without TYPE, GROUP-ID or NAME") }
        guard let type = Rendition.MediaType(rawValue: typeName) else {
            throw .malformed(line: number, problem: "has an EXT-X-MEDIA of an unknown TYPE")
        }
        return Rendition(
            type: type, groupID: groupID, name: name, language: attributes["LANGUAGE"],
            isDefault: attributes["DEFAULT"] == "YES",
            uri: try attributes["URI"].map { uri throws(PlaylistError) in try resolved(uri[...], line: number) })
    }

    private func segmentKey(_ attributes: AttributeList, line number: Int) throws(PlaylistError) -> SegmentKey? {
        guard let method = attributes["METHOD"] else {
            throw .malformed(line: number, problem: "has an EXT-X-KEY without METHOD")
        }
        if method == "NONE" { return nil }
        guard method == "AES-128" else { throw .protected(method: method) }
        if let format = attributes["KEYFORMAT"], format != "identity" { throw .protected(method: format) }
        guard let uri = attributes["URI"] else {
            throw .malformed(line: number, problem: "has an AES-128 EXT-X-KEY without URI")
        }
        var iv: [UInt8]?
        if let text = attributes["IV"] {
            guard let bytes = PlaylistNumbers.sixteenBytes(text[...]) else {
                throw .malformed(line: number, problem: "has an IV that is not 0x and at most 32 hexadecimal digits")
            }
            iv = bytes
        }
        return SegmentKey(uri: try resolved(uri[...], line: number), iv: iv)
    }

    private func initialization(_ attributes: AttributeList, line number: Int) throws(PlaylistError)
        -> MediaInitialization
    {
        guard let uri = attributes["URI"] else {
            throw .malformed(line: number, problem: "has an EXT-X-MAP without URI")
        }
        let range = try attributes["BYTERANGE"].map { text throws(PlaylistError) in
            let given = try self.range(text[...], line: number)
            return ByteRange(length: given.length, offset: given.offset ?? 0)
        }
        // A key in force encrypts the section too; with no IV there is no sequence number to use.
        if let key, key.iv == nil {
            throw .malformed(line: number, problem: "has an EXT-X-MAP under an AES-128 key without an IV")
        }
        return MediaInitialization(uri: try resolved(uri[...], line: number), byteRange: range, key: key)
    }

    /// `length[@offset]`, each a decimal integer, the length above zero.
    private func range(_ text: Substring, line number: Int) throws(PlaylistError) -> (length: Int, offset: Int?) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        // A length or offset past Int.max / 2 is past any file's end.
        let numbers = parts.map { PlaylistNumbers.decimalInteger($0).flatMap { $0 <= Int.max / 2 ? Int($0) : nil } }
        guard (1...2).contains(parts.count), let length = numbers[0], length > 0,
            parts.count == 1 || numbers[1] != nil, length <= Int.max / 2 - (numbers.last.flatMap { $0 } ?? 0)
        else { throw .malformed(line: number, problem: "has a byte range that is not LENGTH[@OFFSET]") }
        return (length, parts.count == 2 ? numbers[1] : nil)
    }

    private func integer(_ text: Substring, line number: Int, tag: Substring) throws(PlaylistError) -> UInt64 {
        guard let value = PlaylistNumbers.decimalInteger(text) else {
            throw .malformed(line: number, problem: "has a \(tag) that is not a whole number")
        }
        return value
    }

    /// An attribute's `decimal-integer`, past `Int.max` (no bandwidth nor picture is) taken as `Int.max`.
    private func optionalInteger(_ text: String?, line number: Int, name: Substring) throws(PlaylistError) -> Int? {
        try text.map { text throws(PlaylistError) in Int(clamping: try integer(text[...], line: number, tag: name)) }
    }

    private func attributes(_ text: Substring, line number: Int) throws(PlaylistError) -> AttributeList {
        guard let attributes = AttributeList(text) else {
            throw .malformed(line: number, problem: "has attributes that are not NAME=VALUE pairs")
        }
        return attributes
    }

    /// `text` resolved against the playlist's URL; only http and https are fetched.
    private func resolved(_ text: Substring, line number: Int) throws(PlaylistError) -> URL {
        guard let url = URIResolution.resolve(String(text), against: base) else {
            throw .malformed(line: number, problem: "has a URI that cannot be read")
        }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .unsupportedScheme(uri: String(text.prefix(80)))
        }
        guard let host = url.host, !host.isEmpty else {
            throw .malformed(line: number, problem: "has a URI without a host")
        }
        return url
    }
}
