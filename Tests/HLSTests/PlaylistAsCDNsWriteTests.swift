import Foundation
import Testing

@testable import HLS

/// What CDNs and packagers write beyond RFC 8216's letter, or within it where Foundation's
/// readers are wider or narrower than the RFC, read as players read it.
@Suite("PlaylistParser: playlists as CDNs and packagers write them")
struct PlaylistAsCDNsWriteTests {
    static let base = URL(string: "https://cdn.example.com/v/556/720p/index.m3u8?token=a%2Fb")!

    static func media(_ lines: String, ending: String = "#EXT-X-ENDLIST\n") throws -> MediaPlaylist {
        let text = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n" + lines + ending
        guard case .media(let media) = try PlaylistParser().parse(Data(text.utf8), from: base) else {
            throw PlaylistError.neitherMasterNorMedia
        }
        return media
    }

    /// An escape is kept as written and what must be encoded is encoded once: a signed URL names
    /// its resource by its exact bytes.
    @Test(arguments: [
        ("my seg%2B0.ts", "https://cdn.example.com/v/556/720p/my%20seg%2B0.ts"),
        ("seg1.ts?sig=ab%2Fcd%3D&x=a|b", "https://cdn.example.com/v/556/720p/seg1.ts?sig=ab%2Fcd%3D&x=a%7Cb"),
        ("épisode 1.ts", "https://cdn.example.com/v/556/720p/%C3%A9pisode%201.ts"),
        ("100%.ts", "https://cdn.example.com/v/556/720p/100%25.ts"),
        ("../audio/./a%20b.aac", "https://cdn.example.com/v/556/audio/a%20b.aac"),
        ("/root.ts?x=%7e", "https://cdn.example.com/root.ts?x=%7e"),
        ("//other.example.net/p/a.ts", "https://other.example.net/p/a.ts"),
        ("?only=query", "https://cdn.example.com/v/556/720p/index.m3u8?only=query"),
        ("HTTP://Host.example.org/a/../b.ts", "HTTP://Host.example.org/b.ts"),
    ])
    func aURIIsResolvedByRFC3986WithItsEscapesKept(reference: String, expected: String) throws {
        let media = try Self.media("#EXTINF:10,\n\(reference)\n")
        #expect(media.segments.first?.uri.absoluteString == expected)
    }

    @Test func spacesAroundCommasInAttributesAndAfterEXTINFAreRead() throws {
        let master = """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English" , AUTOSELECT=YES,\tDEFAULT=YES,URI="en.m3u8"
            #EXT-X-STREAM-INF: BANDWIDTH=1280000 , RESOLUTION=1280x720, AUDIO="aac"
            720.m3u8

            """
        guard case .master(let playlist) = try PlaylistParser().parse(Data(master.utf8), from: Self.base) else {
            Issue.record("not read as a master playlist")
            return
        }
        #expect(playlist.variants.map(\.resolution) == [Resolution(width: 1280, height: 720)])
        #expect(playlist.renditions.map(\.isDefault) == [true])
        let media = try Self.media("#EXTINF: 10.0,\na.ts\n#EXTINF:\t9.5 ,title\nb.ts\n")
        #expect(media.segments.map(\.duration) == [10, 9.5])
    }

    @Test func aLineEndsAtLFOrCRLFAloneNotAtAUnicodeSeparator() throws {
        let media = try Self.media("#EXTINF:10,Part one\u{2028}of two\r\na.ts\r\n#EXTINF:10,\u{85}x\nb.ts\n")
        #expect(media.segments.map(\.uri.lastPathComponent) == ["a.ts", "b.ts"])
    }

    @Test func aVODPlaylistWithoutENDLISTIsComplete() throws {
        let media = try Self.media("#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:10,\na.ts\n", ending: "")
        #expect(media.segments.count == 1)
        #expect(throws: PlaylistError.live) {
            try Self.media("#EXT-X-PLAYLIST-TYPE:EVENT\n#EXTINF:10,\na.ts\n", ending: "")
        }
    }

    /// RFC 8216, 4.2: a `hexadecimal-sequence` of any length up to the value's bits; no sign.
    @Test func anIVIsAHexadecimalSequenceOfAnyLengthWithoutASign() throws {
        let media = try Self.media("#EXT-X-KEY:METHOD=AES-128,URI=\"k\",IV=0x1\n#EXTINF:10,\na.ts\n")
        #expect(media.segments.first?.key?.iv == [UInt8](repeating: 0, count: 15) + [1])
        let padded = try Self.media(
            "#EXT-X-KEY:METHOD=AES-128,URI=\"k\",IV=0X00\(String(repeating: "f", count: 32))\n#EXTINF:10,\na.ts\n")
        #expect(padded.segments.first?.key?.iv == [UInt8](repeating: 0xFF, count: 16))
        for iv in [
            "0x+0+1+2+3+4+5+6+7+8+9+A+B+C+D+E+F", "0x+1", "0x", "0x\(String(repeating: "1", count: 33))", "1", "0x1G",
        ] {
            #expect(throws: PlaylistError.self, "\(iv)") {
                try Self.media("#EXT-X-KEY:METHOD=AES-128,URI=\"k\",IV=\(iv)\n#EXTINF:10,\na.ts\n")
            }
        }
    }

    /// RFC 8216, 4.2: a `decimal-floating-point` is digits and one `.`; a `decimal-integer`
    /// runs to 2⁶⁴−1.
    @Test func numbersAreReadExactlyAsTheRFCDefinesThem() throws {
        for duration in ["0x1p3", "1e1", "-1", "+1", "inf", "nan", "1.2.3", "."] {
            #expect(throws: PlaylistError.self, "\(duration)") { try Self.media("#EXTINF:\(duration),\na.ts\n") }
        }
        #expect(try Self.media("#EXTINF:.5,\na.ts\n#EXTINF:7.,\nb.ts\n").segments.map(\.duration) == [0.5, 7])
        let largest = try Self.media("#EXT-X-MEDIA-SEQUENCE:18446744073709551615\n#EXTINF:10,\na.ts\n")
        #expect(largest.segments.map(\.sequenceNumber) == [UInt64.max])
        #expect(largest.segments.first?.key == nil)
        #expect(throws: PlaylistError.self) {
            try Self.media("#EXT-X-MEDIA-SEQUENCE:18446744073709551616\n#EXTINF:10,\na.ts\n")
        }
        #expect(throws: PlaylistError.self, "the second segment would be numbered 2^64") {
            try Self.media("#EXT-X-MEDIA-SEQUENCE:18446744073709551615\n#EXTINF:10,\na.ts\n#EXTINF:10,\nb.ts\n")
        }
    }

    /// The IV of a segment numbered past Int.max is the number's own 64 bits.
    @Test func aSequenceNumberPastIntMaxGivesItsOwnIV() throws {
        let media = try Self.media(
            "#EXT-X-MEDIA-SEQUENCE:9223372036854775808\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\"\n#EXTINF:10,\na.ts\n")
        let segment = try #require(media.segments.first)
        let iv = segment.key?.initializationVector(forSequenceNumber: segment.sequenceNumber)
        #expect(iv == [UInt8](repeating: 0, count: 8) + [0x80, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func aGapIsKeptAsAGapWithItsTime() throws {
        let media = try Self.media("#EXTINF:10,\na.ts\n#EXT-X-GAP\n#EXTINF:10,\nmissing.ts\n#EXTINF:10,\nc.ts\n")
        #expect(media.segments.map(\.isGap) == [false, true, false])
        #expect(media.duration == 30)
    }
}
