#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An HLS playlist (RFC 8216), read by ``PlaylistParser``: a master playlist that lists the
/// variants of one video, or a media playlist that lists the segments of one of them.
public enum Playlist: Sendable, Equatable {
    case master(MasterPlaylist)
    case media(MediaPlaylist)
}

/// The variants of one video and the renditions they share (RFC 8216, 4.3.4).
public struct MasterPlaylist: Sendable, Equatable {
    /// Every `EXT-X-STREAM-INF` stream, in the playlist's order.
    public var variants: [Variant]
    /// Every `EXT-X-MEDIA` rendition, in the playlist's order.
    public var renditions: [Rendition]

    /// The audio renditions of `variant`'s `AUDIO` group that have a playlist of their own,
    /// the `DEFAULT=YES` one first; none when the variant carries its audio itself.
    public func audio(for variant: Variant) -> [Rendition] {
        guard let group = variant.audioGroup else { return [] }
        let own = renditions.filter { $0.type == .audio && $0.groupID == group && $0.uri != nil }
        return own.filter(\.isDefault) + own.filter { !$0.isDefault }
    }
}

/// One variant stream (`EXT-X-STREAM-INF`).
public struct Variant: Sendable, Equatable {
    /// Its media playlist, resolved against the master playlist's URL.
    public var uri: URL
    /// The peak bits per second of the stream (`BANDWIDTH`).
    public var bandwidth: Int
    /// The average bits per second (`AVERAGE-BANDWIDTH`), when given.
    public var averageBandwidth: Int?
    /// The picture's size (`RESOLUTION`), when given.
    public var resolution: Resolution?
    /// The codecs (`CODECS`), when given.
    public var codecs: String?
    /// The `GROUP-ID` of the audio renditions that go with it (`AUDIO`), when given.
    public var audioGroup: String?
}

/// A picture's size in pixels.
public struct Resolution: Sendable, Equatable {
    public var width: Int
    public var height: Int
}

/// An alternative rendition (`EXT-X-MEDIA`): audio, video, subtitles or closed captions.
public struct Rendition: Sendable, Equatable {
    public enum MediaType: String, Sendable, Equatable {
        case audio = "AUDIO"
        case video = "VIDEO"
        case subtitles = "SUBTITLES"
        case closedCaptions = "CLOSED-CAPTIONS"
    }

    public var type: MediaType
    public var groupID: String
    public var name: String
    public var language: String?
    /// Whether a player chooses it when the viewer has not (`DEFAULT=YES`).
    public var isDefault: Bool
    /// Its media playlist; `nil` when its media are in the variant's own segments.
    public var uri: URL?
}

/// The segments of one complete stream (RFC 8216, 4.3.3): a playlist that ended
/// (`EXT-X-ENDLIST`) or a VOD one; a live one is refused.
public struct MediaPlaylist: Sendable, Equatable {
    /// The longest a segment may last, in seconds (`EXT-X-TARGETDURATION`).
    public var targetDuration: Int
    /// The sequence number of the first segment (`EXT-X-MEDIA-SEQUENCE`).
    public var mediaSequence: UInt64
    public var segments: [Segment]

    /// The stream's length in seconds: the sum of its segments' durations.
    public var duration: Double { segments.reduce(0) { $0 + $1.duration } }
}

/// One media segment (`EXTINF` and the URI line after it), with what applies to it.
public struct Segment: Sendable, Equatable {
    /// Its resource, resolved against the media playlist's URL.
    public var uri: URL
    /// How long it plays, in seconds.
    public var duration: Double
    /// Its sequence number: the playlist's media sequence plus its place.
    public var sequenceNumber: UInt64
    /// The part of the resource it is (`EXT-X-BYTERANGE`), its offset made explicit; `nil`
    /// for the whole resource.
    public var byteRange: ByteRange?
    /// How it is encrypted (`EXT-X-KEY`); `nil` when it is not.
    public var key: SegmentKey?
    /// The initialization section it needs (`EXT-X-MAP`, fMP4), when there is one.
    public var map: MediaInitialization?
    /// Whether a discontinuity comes before it (`EXT-X-DISCONTINUITY`).
    public var discontinuity: Bool
    /// Whether the packager marks it missing (`EXT-X-GAP`, RFC 8216bis, 4.4.4.7): its URI is
    /// not to be fetched, and a player skips its time.
    public var isGap: Bool
}

/// A sub-range of a resource: `length` bytes from `offset`.
public struct ByteRange: Sendable, Equatable, Hashable {
    public var length: Int
    public var offset: Int

    /// The value of an HTTP `Range` header that asks for it.
    public var rangeHeader: String { "bytes=\(offset)-\(offset + length - 1)" }
}

/// The key of segments encrypted whole with AES-128 in CBC mode with PKCS7 padding
/// (`EXT-X-KEY:METHOD=AES-128`, RFC 8216, 4.3.2.4).
public struct SegmentKey: Sendable, Equatable, Hashable {
    /// Where the 16-byte key is, resolved against the playlist's URL.
    public var uri: URL
    /// The initialization vector (`IV`), when the playlist gives one.
    public var iv: [UInt8]?

    /// The initialization vector for the segment numbered `sequenceNumber`: the playlist's,
    /// or else the number as a 128-bit big-endian integer, as the RFC says.
    public func initializationVector(forSequenceNumber sequenceNumber: UInt64) -> [UInt8] {
        if let iv { return iv }
        return [UInt8](repeating: 0, count: 8)
            + (0..<8).reversed().map { UInt8(truncatingIfNeeded: sequenceNumber >> ($0 * 8)) }
    }
}

/// A media initialization section (`EXT-X-MAP`): what a decoder needs before the segments
/// (an fMP4 `moov`).
public struct MediaInitialization: Sendable, Equatable, Hashable {
    public var uri: URL
    public var byteRange: ByteRange?
    /// The AES-128 key in force where it is declared, which encrypts it too (its IV given,
    /// as RFC 8216, 4.3.2.5 requires); `nil` when it is not encrypted.
    public var key: SegmentKey?
}
