import Domain
import Foundation
import HLS
import Testing

@Suite("PlaylistParser: the edges a review found")
struct PlaylistEdgeTests {
    @Test func anAudioOnlyVariantIsNeverTheQualityChosen() throws {
        let text = """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.2"
            audio-only.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=1400000,RESOLUTION=960x540
            540p.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=4200000,RESOLUTION=1920x1080
            1080p.m3u8
            """
        guard case .master(let master) = try PlaylistParserTests.parse(text) else {
            Issue.record("not a master playlist")
            return
        }
        #expect(master.variant(for: .worst)?.resolution?.height == 540)
        #expect(master.variant(for: .height(360))?.resolution?.height == 540)
    }

    @Test func implicitOffsetsThatWouldOverflowAreRefused() {
        let huge = "#EXTINF:1,\n#EXT-X-BYTERANGE:999999999999999999\nall.ts\n"
        let text =
            "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n#EXT-X-BYTERANGE:999999999999999999@0\nall.ts\n"
            + String(repeating: huge, count: 12)
        #expect(throws: PlaylistError.malformed(line: 17, problem: "has a byte range past any file's end")) {
            try PlaylistParserTests.parse(text)
        }
    }

    @Test func anInitializationSectionUnderAKeyCarriesIt() throws {
        let playlist = try PlaylistParserTests.media(
            """
            #EXTM3U
            #EXT-X-TARGETDURATION:4
            #EXT-X-KEY:METHOD=AES-128,URI="k",IV=0x000102030405060708090A0B0C0D0E0F
            #EXT-X-MAP:URI="init.mp4"
            #EXTINF:4,
            a.m4s
            #EXT-X-ENDLIST
            """)
        #expect(playlist.segments[0].map?.key?.iv == Array(0...15))
        #expect(
            throws: PlaylistError.malformed(line: 4, problem: "has an EXT-X-MAP under an AES-128 key without an IV")
        ) {
            try PlaylistParserTests.parse(
                "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\"\n#EXT-X-MAP:URI=\"i.mp4\"\n")
        }
    }
}
