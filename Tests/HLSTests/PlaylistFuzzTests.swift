import Foundation
import HLS
import PortContracts
import TestSupport
import Testing

/// Mutated playlists are read or refused with a ``PlaylistError``, never a crash, and what is
/// read keeps the promises: http(s) URIs only, ranges that fit, consecutive sequence numbers.
@Suite("Fuzzing the playlist parser with mutated playlists")
struct PlaylistFuzzTests {
    static let seeds = [
        PlaylistParserTests.master,
        """
        #EXTM3U
        #EXT-X-TARGETDURATION:4
        #EXT-X-MEDIA-SEQUENCE:7
        #EXT-X-MAP:URI="all.mp4",BYTERANGE="720@0"
        #EXT-X-KEY:METHOD=AES-128,URI="k.key",IV=0x000102030405060708090A0B0C0D0E0F
        #EXTINF:4,
        #EXT-X-BYTERANGE:1000@720
        all.mp4
        #EXTINF:4,
        #EXT-X-BYTERANGE:2000
        all.mp4
        #EXT-X-DISCONTINUITY
        #EXTINF:3.5,
        ../other/b.ts
        #EXT-X-ENDLIST
        """,
        // What CDNs write: escapes beside characters to encode, spaces after commas, numbers
        // at their bounds, a gap, a VOD playlist without its end.
        """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-MEDIA-SEQUENCE:18446744073709551610
        #EXT-X-KEY:METHOD=AES-128, URI="k%2Fey.bin?a=b|c", IV=0x1
        #EXTINF: 10.0,a title\u{2028}on two lines
        my seg%2B0.ts?sig=ab%2Fcd%3D&x=a|b
        #EXT-X-GAP
        #EXTINF:.5,
        ../é/100%.ts
        #EXTINF:7.,
        //other.example.net/a/./b/../c.ts#part
        """,
    ]

    /// What a mutation may put in: the playlist's own syntax, and bytes it should never hold.
    static let awkward = [
        "\"", ",", "=", "@", "#", ":", "\0", "é", "\r", "\n", "0x", "-1", "99999999999999999999", "../",
        "%", "%2", "%zz", " ", "\t", ", ", "\u{2028}", "\u{85}", "0X", "1e1", ".", "+", "18446744073709551616", "GAP",
        "?", "//", "[", "|",
    ]

    static func mutate(_ text: String, using random: inout SeededGenerator) -> String {
        var lines = text.components(separatedBy: "\n")
        for _ in 0..<Int.random(in: 1...4, using: &random) where !lines.isEmpty {
            let index = Int.random(in: 0..<lines.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: lines.remove(at: index)
            case 1: lines.insert(lines[index], at: index)
            case 2: lines.swapAt(index, Int.random(in: 0..<lines.count, using: &random))
            case 3:
                var line = Array(lines[index])
                let at = Int.random(in: 0...line.count, using: &random)
                line.insert(contentsOf: awkward.randomElement(using: &random)!, at: at)
                lines[index] = String(line)
            case 4: lines[index] = String(lines[index].prefix(Int.random(in: 0...lines[index].count, using: &random)))
            default: lines.insert("#EXT-X-" + awkward.randomElement(using: &random)!, at: index)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What a URI may hold (RFC 3986, 2): the unreserved and reserved characters, and `%`
    /// only as the start of an escape.
    static let allowed = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=".utf8)

    static func check(_ url: URL) {
        #expect(["http", "https"].contains(url.scheme?.lowercased() ?? ""), "\(url)")
        let bytes = Array(url.absoluteString.utf8)
        let encodedOnce = bytes.indices.allSatisfy { index in
            guard bytes[index] == UInt8(ascii: "%") else { return allowed.contains(bytes[index]) }
            return index + 2 < bytes.count
                && bytes[index + 1...index + 2].allSatisfy { Character(UnicodeScalar($0)).isHexDigit }
        }
        #expect(encodedOnce, "every character a URI may not hold is encoded, once: \(url.absoluteString)")
    }

    /// A resolved URI read again is itself: an escape is never encoded a second time.
    static func checkResolvedAgain(_ url: URL, parser: PlaylistParser) {
        let text = "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n\(url.absoluteString)\n#EXT-X-ENDLIST\n"
        do throws(PlaylistError) {
            let again = try parser.parse(Data(text.utf8), from: PlaylistParserTests.mediaURL)
            guard case .media(let media) = again else {
                Issue.record("\(url.absoluteString): \(again)")
                return
            }
            #expect(media.segments.first?.uri.absoluteString == url.absoluteString)
        } catch {
            Issue.record("\(url.absoluteString) is not read again: \(error)")
        }
    }

    @Test func twentyThousandMutationsAreReadOrRefused() {
        var random = SeededGenerator(seed: 8_216)
        let parser = PlaylistParser()
        var outcomes: [String: Int] = [:]
        for round in 0..<20_000 {
            let text = Self.mutate(Self.seeds[round % Self.seeds.count], using: &random)
            do throws(PlaylistError) {
                switch try parser.parse(Data(text.utf8), from: PlaylistParserTests.mediaURL) {
                case .master(let master):
                    outcomes["master", default: 0] += 1
                    master.variants.forEach { Self.check($0.uri) }
                    master.renditions.compactMap(\.uri).forEach(Self.check)
                case .media(let media):
                    outcomes["media", default: 0] += 1
                    for (place, segment) in media.segments.enumerated() {
                        Self.check(segment.uri)
                        if round % 16 == 0 { Self.checkResolvedAgain(segment.uri, parser: parser) }
                        segment.key.map { Self.check($0.uri) }
                        segment.map.map { Self.check($0.uri) }
                        #expect(segment.sequenceNumber == media.mediaSequence + UInt64(place))
                        if let range = segment.byteRange { #expect(range.length > 0 && range.offset >= 0) }
                    }
                }
            } catch {
                outcomes[String(describing: error).prefix(20).description, default: 0] += 1
            }
        }
        #expect(outcomes["master", default: 0] > 100 && outcomes["media", default: 0] > 100, "\(outcomes)")
        #expect(outcomes.count > 5, "the mutations reach several refusals: \(outcomes)")
    }
}
