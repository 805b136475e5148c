import Domain
import Foundation
import TestSupport
import Testing

@testable import TerminalUI

@Suite("EpisodeJSON: episodes --json written in one buffer, byte for byte what JSONEncoder gave")
struct EpisodeJSONTests {
    /// What the CLI printed before: Foundation's encoder, its empty array on one line, then
    /// terminal controls escaped scalar by scalar (the implementation this replaced, kept
    /// here as the oracle).
    static func encoded(_ episodes: [Episode]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(episodes), as: UTF8.self)
        return Array(escapingTerminalControls(json == "[\n\n]" ? "[]" : json).utf8)
    }

    static func escapingTerminalControls(_ json: String) -> String {
        var result = ""
        for scalar in json.unicodeScalars {
            switch scalar.value {
            case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Every character JSON or a terminal treats specially, and some that neither does.
    static let hostile: String = {
        var text = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()
        text += "\"\\/'<>&\u{7F}\u{80}\u{85}\u{9B}\u{9F}\u{A0}\u{61C}\u{200D}\u{200E}\u{200F}\u{2028}\u{2029}"
        text += "\u{202A}\u{202E}\u{202F}\u{2065}\u{2066}\u{2069}\u{206A}é😀日本\u{FEFF}\u{FFFD}"
        return text
    }()

    static func episode(
        id: Int, title: String, excerpt: String, url: String = "https://cdn.example/a%20b/c?d=%C3%A9&e=/#f"
    ) -> Episode {
        Episode(
            id: id, title: title, excerpt: excerpt, imageURL: URL(string: url)!, videoDuration: id % 10_000 * 7,
            videoID: "v\(id)/\(title.prefix(3))")
    }

    @Test func theSeriesCatalogueIsUnchanged() throws {
        let episodes = try JSONDecoder().decode([Episode].self, from: try Fixtures.data(named: "episodes"))
        #expect(EpisodeJSON.bytes(episodes) == (try Self.encoded(episodes)))
    }

    @Test func hostileTextIsEscapedAsBefore() throws {
        let episodes = [
            Self.episode(id: 1, title: Self.hostile, excerpt: String(Self.hostile.reversed())),
            Self.episode(id: -42, title: "", excerpt: "", url: "file:///tmp/x.png"),
            Self.episode(id: Int.max, title: "\u{1B}[2J", excerpt: "\u{9B}31m", url: "https://a.b/%E2%80%AE"),
        ]
        #expect(EpisodeJSON.bytes(episodes) == (try Self.encoded(episodes)))
    }

    @Test func randomTextIsEscapedAsBefore() throws {
        let alphabet = Array(Self.hostile.unicodeScalars) + Array("abc XYZ 019".unicodeScalars)
        let episodes = (0..<200).map { id in
            var text: String {
                String(String.UnicodeScalarView((0..<40).map { _ in alphabet.randomElement()! }))
            }
            return Self.episode(id: id, title: text, excerpt: text)
        }
        #expect(EpisodeJSON.bytes(episodes) == (try Self.encoded(episodes)))
    }

    @Test func noEpisodesIsAnEmptyArrayOnOneLine() throws {
        #expect(EpisodeJSON.bytes([]) == Array("[]".utf8))
        #expect(try Self.encoded([]) == Array("[]".utf8))
    }

    @Test func terminalControlsInAnyJSONAreEscapedAsBefore() throws {
        let json = String(decoding: try JSONEncoder().encode(["key": Self.hostile]), as: UTF8.self)
        #expect(TerminalText.jsonEscapingTerminalControls(json) == Self.escapingTerminalControls(json))
    }
}
