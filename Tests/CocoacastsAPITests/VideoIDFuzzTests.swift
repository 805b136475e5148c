import CocoacastsAPI
import Domain
import Foundation
import Ports
import TestSupport
import Testing

/// Random video ids never reach another route: the path is always
/// `/api/v1/videos/<one encoded segment>[/progress]`, and the segment decodes back to the id.
@Suite("Fuzzing path parameters")
struct VideoIDFuzzTests {
    /// Characters ids are drawn from: path syntax, control characters, and all of Unicode.
    static let awkward: [Character] = Array("/.%?#&=;:@+ \\\u{0}\u{1}\u{7}\u{1B}\u{7F}\n\r\t\u{202E}\u{FEFF}é日🎬")

    static func randomID(using random: inout SeededGenerator) -> String {
        let length = Int.random(in: 1...24, using: &random)
        let characters: [Character] = (0..<length).map { _ in
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return awkward.randomElement(using: &random)!
            case 1: return [".", "/", "%"].randomElement(using: &random)!
            case 2:
                let scalar = UInt32.random(in: 0...0x10FFFF, using: &random)
                return Unicode.Scalar(scalar).map(Character.init) ?? "x"
            default: return Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random)))
            }
        }
        return String(characters)
    }

    /// Whether `text` is one percent-encoded segment: unreserved characters and `%XX` only.
    static func isOneSegment(_ text: String) -> Bool {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~%".unicodeScalars)
        return !text.isEmpty && text.unicodeScalars.allSatisfy(allowed.contains)
    }

    /// The bytes `%XX` stands for, byte for byte (`removingPercentEncoding` would drop a leading byte-order mark).
    static func percentDecodedBytes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else {
                bytes.append(byte)
                continue
            }
            bytes.append(value)
        }
        return bytes
    }

    @Test func tenThousandRandomIDsStayOneSegment() throws {
        var random = SeededGenerator(seed: 20_261_121)
        let configuration = TestClient.configuration()
        for _ in 0..<10_000 {
            let id = Self.randomID(using: &random)
            for (endpoint, suffix) in [
                (APIEndpoint.video(id: id), ""), (.progressForVideo(id: id), "/progress"),
                (.updateProgressForVideo(id: id, cursor: 1), "/progress"),
                (.deleteProgressForVideo(id: id), "/progress"),
            ] {
                let request = try endpoint.request(accessToken: "t", configuration: configuration)
                let path = try #require(request.encodedPath)
                #expect(path.hasPrefix("/api/v1/videos/") && path.hasSuffix(suffix))
                let encoded = String(path.dropFirst("/api/v1/videos/".count).dropLast(suffix.count))
                #expect(Self.isOneSegment(encoded), "\(encoded)")
                #expect(Self.percentDecodedBytes(encoded) == Array(id.utf8))
                #expect(request.url.query == nil && request.url.fragment == nil)
                #expect(request.url.host == "api.example.com")
            }
        }
    }
}
