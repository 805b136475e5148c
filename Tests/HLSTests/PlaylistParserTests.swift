import Domain
import Foundation
import Testing

@testable import HLS

@Suite("PlaylistParser: master and media playlists as RFC 8216 writes them")
struct PlaylistParserTests {
    static let masterURL = URL(string: "https://player.example.com/external/632759499.m3u8?s=signed")!
    static let mediaURL = URL(string: "https://cdn.example.com/v/632759499/720p/playlist.m3u8")!

    /// Vimeo's shape: video variants that share one separate audio rendition.
    static let master = """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-INDEPENDENT-SEGMENTS
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio-high",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="audio/high.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio-high",NAME="Commentary",URI="audio/commentary.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=1459000,AVERAGE-BANDWIDTH=1180000,RESOLUTION=960x540,CODECS="avc1.64001F,mp4a.40.2",AUDIO="audio-high"
        ../../cdn/540p/playlist.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=4200000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2",AUDIO="audio-high"
        https://cdn.example.com/1080p/playlist.m3u8
        #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="iframes.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=2400000,RESOLUTION=1280x720,AUDIO="audio-high"
        720p/playlist.m3u8
        #EXT-X-SOMETHING-NEW:WHATEVER=1

        """

    static func parse(_ text: String, from url: URL = mediaURL, parser: PlaylistParser = PlaylistParser())
        throws(PlaylistError) -> Playlist
    {
        try parser.parse(Data(text.utf8), from: url)
    }

    static func media(_ text: String) throws -> MediaPlaylist {
        guard case .media(let playlist) = try parse(text) else { throw PlaylistError.neitherMasterNorMedia }
        return playlist
    }

    @Test func aMasterPlaylistListsItsVariantsAndTheirAudio() throws {
        guard case .master(let master) = try Self.parse(Self.master, from: Self.masterURL) else {
            Issue.record("not a master playlist")
            return
        }
        #expect(master.variants.count == 3)
        let first = master.variants[0]
        #expect(first.uri.absoluteString == "https://player.example.com/cdn/540p/playlist.m3u8")
        #expect(first.bandwidth == 1_459_000 && first.averageBandwidth == 1_180_000)
        #expect(first.resolution == Resolution(width: 960, height: 540))
        #expect(first.codecs == "avc1.64001F,mp4a.40.2" && first.audioGroup == "audio-high")
        #expect(master.variants[2].uri.absoluteString == "https://player.example.com/external/720p/playlist.m3u8")
        let audio = master.audio(for: first)
        #expect(audio.map(\.name) == ["English", "Commentary"])
        #expect(audio[0].isDefault && audio[0].language == "en")
        #expect(audio[0].uri?.absoluteString == "https://player.example.com/external/audio/high.m3u8")
    }

    @Test(arguments: [
        (VideoQuality.best, 1080), (.worst, 540), (.height(720), 720), (.height(1000), 720), (.height(360), 540),
    ])
    func aQualityChoosesAVariant(quality: VideoQuality, height: Int) throws {
        guard case .master(let master) = try Self.parse(Self.master, from: Self.masterURL) else {
            Issue.record("not a master playlist")
            return
        }
        #expect(master.variant(for: quality)?.resolution?.height == height)
    }

    @Test(arguments: [("best", VideoQuality.best), ("WORST", .worst), ("720", .height(720)), ("480p", .height(480))])
    func aQualityIsReadFromItsWords(text: String, quality: VideoQuality) {
        #expect(VideoQuality(text) == quality)
    }

    @Test(arguments: ["", "high", "0", "-5", "p"])
    func anythingElseIsNoQuality(text: String) {
        #expect(VideoQuality(text) == nil)
    }

    @Test func aMediaPlaylistListsItsSegmentsInOrder() throws {
        let playlist = try Self.media(
            """
            #EXTM3U\r
            #EXT-X-TARGETDURATION:6\r
            #EXT-X-MEDIA-SEQUENCE:10\r
            #EXT-X-PLAYLIST-TYPE:VOD\r
            #EXTINF:6.006,first\r
            segment-0.ts\r
            # a comment\r
            #EXTINF:5.5,\r
            /v/other/segment-1.ts\r
            #EXT-X-DISCONTINUITY\r
            #EXTINF:2,\r
            https://other.example.com/segment-2.ts?token=x\r
            #EXT-X-ENDLIST\r

            """)
        #expect(playlist.targetDuration == 6 && playlist.mediaSequence == 10)
        #expect(
            playlist.segments.map(\.uri.absoluteString) == [
                "https://cdn.example.com/v/632759499/720p/segment-0.ts", "https://cdn.example.com/v/other/segment-1.ts",
                "https://other.example.com/segment-2.ts?token=x",
            ])
        #expect(playlist.segments.map(\.sequenceNumber) == [10, 11, 12])
        #expect(playlist.segments.map(\.discontinuity) == [false, false, true])
        #expect(abs(playlist.duration - 13.506) < 0.0001)
    }

    /// One file, ranges into it: an offset left out follows the previous range of the same file.
    @Test func byteRangesIntoOneFileGetTheirOffsets() throws {
        let playlist = try Self.media(
            """
            #EXTM3U
            #EXT-X-TARGETDURATION:4
            #EXT-X-MAP:URI="all.mp4",BYTERANGE="720@0"
            #EXTINF:4,
            #EXT-X-BYTERANGE:1000@720
            all.mp4
            #EXTINF:4,
            #EXT-X-BYTERANGE:2000
            all.mp4
            #EXTINF:4,
            #EXT-X-BYTERANGE:500
            all.mp4
            #EXT-X-ENDLIST
            """)
        #expect(
            playlist.segments.map(\.byteRange) == [
                ByteRange(length: 1000, offset: 720), ByteRange(length: 2000, offset: 1720),
                ByteRange(length: 500, offset: 3720),
            ])
        #expect(playlist.segments[0].byteRange?.rangeHeader == "bytes=720-1719")
        let map = try #require(playlist.segments[2].map)
        #expect(map.uri.lastPathComponent == "all.mp4" && map.byteRange == ByteRange(length: 720, offset: 0))
    }

    @Test func aes128KeysApplyUntilTheNextKeyAndTheIVIsTheSequenceNumberWhenNoneIsGiven() throws {
        let playlist = try Self.media(
            """
            #EXTM3U
            #EXT-X-TARGETDURATION:6
            #EXT-X-MEDIA-SEQUENCE:258
            #EXT-X-KEY:METHOD=AES-128,URI="keys/1.key"
            #EXTINF:6,
            a.ts
            #EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.com/2",IV=0x000102030405060708090A0B0C0D0E0F,KEYFORMAT="identity"
            #EXTINF:6,
            b.ts
            #EXT-X-KEY:METHOD=NONE
            #EXTINF:6,
            c.ts
            #EXT-X-ENDLIST
            """)
        let first = try #require(playlist.segments[0].key)
        #expect(first.uri.absoluteString == "https://cdn.example.com/v/632759499/720p/keys/1.key" && first.iv == nil)
        #expect(first.initializationVector(forSequenceNumber: 258) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2])
        let second = try #require(playlist.segments[1].key)
        #expect(second.iv == Array(0...15))
        #expect(second.initializationVector(forSequenceNumber: 259) == Array(0...15))
        #expect(playlist.segments[2].key == nil)
    }

    @Test func aByteOrderMarkBeforeTheHeaderIsRead() throws {
        let playlist = try Self.media("\u{FEFF}#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\na.ts\n#EXT-X-ENDLIST\n")
        #expect(playlist.segments.count == 1)
    }

    static let refusals: [(String, String, PlaylistError)] = [
        ("no header", "#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n#EXT-X-ENDLIST", .notAPlaylist),
        ("an HTML page", "<html><body>Not found</body></html>", .notAPlaylist),
        ("live", "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n", .live),
        (
            "an event still going", "#EXTM3U\n#EXT-X-PLAYLIST-TYPE:EVENT\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n",
            .live
        ),
        (
            "SAMPLE-AES", "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://k\"\n",
            .protected(method: "SAMPLE-AES")
        ),
        (
            "FairPlay's key format",
            "#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\",KEYFORMAT=\"com.apple.streamingkeydelivery\"\n",
            .protected(method: "com.apple.streamingkeydelivery")
        ),
        (
            "a file URL", "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\nfile:///etc/passwd\n#EXT-X-ENDLIST",
            .unsupportedScheme(uri: "file:///etc/passwd")
        ),
        (
            "a data URL key", "#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"data:;base64,AAAA\"\n",
            .unsupportedScheme(uri: "data:;base64,AAAA")
        ),
        ("no entries", "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-ENDLIST\n", .neitherMasterNorMedia),
        (
            "both kinds", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\na.ts\n",
            .neitherMasterNorMedia
        ),
        (
            "a URI nothing announces", "#EXTM3U\n#EXT-X-TARGETDURATION:6\nstray.ts\n",
            .malformed(line: 3, problem: "is a URI that no EXTINF or EXT-X-STREAM-INF announces")
        ),
        (
            "a duration that is no number", "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:six,\na.ts\n",
            .malformed(line: 3, problem: "has an EXTINF whose duration is not a number of seconds")
        ),
        (
            "a variant without bandwidth", "#EXTM3U\n#EXT-X-STREAM-INF:RESOLUTION=1x1\nv.m3u8\n",
            .malformed(line: 2, problem: "has an EXT-X-STREAM-INF without BANDWIDTH")
        ),
        (
            "an offset with nothing before",
            "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\n#EXT-X-BYTERANGE:10\na.ts\n",
            .malformed(
                line: 5, problem: "has a byte range without an offset, and no range of the same resource before it")
        ),
        (
            "a negative range", "#EXTM3U\n#EXT-X-BYTERANGE:-10@0\n",
            .malformed(line: 2, problem: "has a byte range that is not LENGTH[@OFFSET]")
        ),
        (
            "an IV with signs", "#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\",IV=0x+0+1+2+3+4+5+6+7+8+9+A+B+C+D+E+F\n",
            .malformed(line: 2, problem: "has an IV that is not 0x and at most 32 hexadecimal digits")
        ),
        (
            "an unterminated quote", "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a,NAME=x\n",
            .malformed(line: 2, problem: "has attributes that are not NAME=VALUE pairs")
        ),
        (
            "a tag with no URI after it", "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\n",
            .malformed(line: 4, problem: "ends before the URI its last tag announces")
        ),
        (
            "a media sequence after a segment", "#EXTM3U\n#EXTINF:6,\na.ts\n#EXT-X-MEDIA-SEQUENCE:7\n",
            .malformed(line: 4, problem: "has an EXT-X-MEDIA-SEQUENCE after the first segment")
        ),
        (
            "no target duration", "#EXTM3U\n#EXTINF:6,\na.ts\n#EXT-X-ENDLIST\n",
            .malformed(line: 1, problem: "lists segments without an EXT-X-TARGETDURATION")
        ),
    ]

    @Test(arguments: refusals)
    func whatCannotBeDownloadedIsRefusedAndSaysWhy(name: String, text: String, error: PlaylistError) {
        #expect(throws: error, "\(name)") { try Self.parse(text) }
    }

    @Test func aPlaylistOverTheSizeBoundIsRefusedBeforeItIsRead() {
        let line = "#EXTINF:1,\nsegment.ts\n"
        let text = "#EXTM3U\n" + String(repeating: line, count: 400_000)  // 8.8 MB
        #expect(throws: PlaylistError.tooLarge(bytes: text.utf8.count, limit: 4 << 20)) { try Self.parse(text) }
    }

    @Test func aPlaylistWithTooManySegmentsIsRefused() {
        let text = "#EXTM3U\n#EXT-X-TARGETDURATION:1\n" + String(repeating: "#EXTINF:1,\ns.ts\n", count: 101)
        #expect(throws: PlaylistError.tooManyEntries(count: 101, limit: 100)) {
            try Self.parse(text, parser: PlaylistParser(maximumEntries: 100))
        }
    }

    @Test func everyRefusalSaysWhatWasFound() {
        #expect(PlaylistError.live.description.contains("live stream"))
        #expect(PlaylistError.protected(method: "SAMPLE-AES").description.contains("DRM (SAMPLE-AES)"))
        #expect(PlaylistError.malformed(line: 7, problem: "has x").description == "line 7 of the playlist has x")
    }
}
