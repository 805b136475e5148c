import Foundation
import HLS
import PortContracts
import Testing

/// The parser beside a second, independent one (python's `m3u8`, through
/// `Scripts/playlist-oracle`) on playlists as packagers and CDNs write them: ffmpeg's, RFC 8216
/// section 8's examples, Apple's and Shaka Packager's shapes, Vimeo's signed relative URIs and
/// the quirks CDNs serve. Where both read a playlist they read the same; where they differ,
/// the RFC section that decides is named, and ours is the reading it asks for.
@Suite("PlaylistParser beside python's m3u8, an independent parser")
struct PlaylistOracleTests {
    static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/HLSTests/Playlists")
    static let base = URL(string: "https://cdn.example.com/v/556/720p/index.m3u8?token=a%2Fb")!

    /// Where the two differ: the section that decides, and the reading it asks for — ours,
    /// which refuses with these words, or reads the playlist (`nil`) as the other does not.
    struct Disagreement {
        let section: String
        let refusal: String?
    }

    static let live = Disagreement(
        section: "6.3.4: without EXT-X-ENDLIST, and not VOD, a playlist may still grow", refusal: "a live stream")
    static let lineSeparator = Disagreement(
        section: "4.1: a line ends with LF or CRLF, not at a U+2028 in a title", refusal: nil)

    static let disagreements: [String: Disagreement] = [
        "rfc8216-8.2-live-media.m3u8": live,
        "rfc8216-8.3-encrypted-media.m3u8": live,
        "cdn-unicode-line-separator.m3u8": lineSeparator,
        "cdn-exponent-duration.m3u8": Disagreement(
            section: "4.2: a decimal-floating-point is digits and a '.', with no exponent",
            refusal: "an EXTINF whose duration is not a number"),
        "fuzz-seed-with-a-line-separator.m3u8": lineSeparator,
    ]

    /// One playlist as either parser read it, in the oracle's JSON shape.
    struct Reading: Codable, Equatable {
        struct Variant: Codable, Equatable {
            var uri: String
            var bandwidth: Int
            var resolution: String?
            var codecs: String?
            var audio: String?
        }
        struct Rendition: Codable, Equatable {
            var type: String
            var group: String
            var name: String
            var `default`: Bool
            var uri: String?
        }
        struct Segment: Codable, Equatable {
            var uri: String
            var duration: Double
            var byteRange: [Int]?
            var key: String?
            var iv: String?
            var discontinuity: Bool
            var gap: Bool
        }
        var file: String
        var kind: String?
        var error: String?
        var variants: [Variant]?
        var renditions: [Rendition]?
        var targetDuration: Int?
        var mediaSequence: UInt64?
        var segments: [Segment]?
    }

    static func ours(_ file: URL) throws -> Reading {
        var reading = Reading(file: file.path)
        let data = try Data(contentsOf: file)
        do throws(PlaylistError) {
            switch try PlaylistParser().parse(data, from: base) {
            case .master(let master):
                reading.kind = "master"
                reading.variants = master.variants.map {
                    Reading.Variant(
                        uri: $0.uri.absoluteString, bandwidth: $0.bandwidth,
                        resolution: $0.resolution.map { "\($0.width)x\($0.height)" }, codecs: $0.codecs,
                        audio: $0.audioGroup)
                }
                reading.renditions = master.renditions.map {
                    Reading.Rendition(
                        type: $0.type.rawValue, group: $0.groupID, name: $0.name, default: $0.isDefault,
                        uri: $0.uri?.absoluteString)
                }
            case .media(let media):
                reading.kind = "media"
                reading.targetDuration = media.targetDuration
                reading.mediaSequence = media.mediaSequence
                reading.segments = media.segments.map {
                    Reading.Segment(
                        uri: $0.uri.absoluteString, duration: $0.duration,
                        byteRange: $0.byteRange.map { [$0.length, $0.offset] }, key: $0.key?.uri.absoluteString,
                        iv: $0.key?.iv.map { $0.map { String(format: "%02x", $0) }.joined() },
                        discontinuity: $0.discontinuity, gap: $0.isGap)
                }
            }
        } catch {
            reading.error = error.description
        }
        return reading
    }

    @Test func bothParsersReadEveryPlaylistAliveAndDifferOnlyWhereTheRFCDecides() async throws {
        try await TemporaryDirectory.with { directory in
            // The fuzzer's seeds too: the playlists the other tests start from.
            let seeds = try PlaylistFuzzTests.seeds.enumerated().map { index, text in
                let name = text.contains("\u{2028}") ? "with-a-line-separator" : String(index)
                let file = directory.file("fuzz-seed-\(name).m3u8")
                try Data(text.utf8).write(to: file)
                return file
            }
            let corpus = try FileManager.default.contentsOfDirectory(at: Self.folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "m3u8" }
            try #require(corpus.count >= 20, "the corpus is there")
            try await Self.compare((corpus + seeds).sorted { $0.lastPathComponent < $1.lastPathComponent })
        }
    }

    /// Each of `files` read by both parsers, their readings compared.
    static func compare(_ files: [URL]) async throws {
        let oracle = Fixtures.repositoryRoot.appendingPathComponent("Scripts/playlist-oracle")
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", oracle.path, base.absoluteString] + files.map(\.path),
            timeout: .seconds(120))
        if run.status == 2 { return try skip(because: "python's m3u8 is not installed (CI installs it with pip)") }
        try #require(run.status == 0, "\(run.stderr)")
        let theirs = try run.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(Reading.self, from: Data($0.utf8))
        }
        try #require(theirs.count == files.count)
        var agreed = 0
        for (file, their) in zip(files, theirs) {
            let ours = try Self.ours(file)
            if let disagreement = disagreements[file.lastPathComponent] {
                let name = "\(file.lastPathComponent): RFC 8216 \(disagreement.section)"
                #expect(ours != their && their.error == nil, "\(name): the oracle reads it its own way")
                if let refusal = disagreement.refusal {
                    #expect(ours.error?.contains(refusal) == true, "\(name): \(ours.error ?? "read")")
                } else {
                    #expect(ours.error == nil, "\(name): \(ours.error ?? "")")
                }
            } else {
                #expect(ours == their, "\(file.lastPathComponent)")
                #expect(ours.error == nil, "\(file.lastPathComponent): \(ours.error ?? "")")
                agreed += 1
            }
        }
        #expect(agreed == files.count - disagreements.count)
    }
}
