import Domain
import Foundation
import PortContracts
import Testing

@testable import cocoacasts

@MainActor
@Suite("Hostile strings from the server cannot drive the terminal")
struct TerminalSafetyTests {
    static let hostile = [
        "\u{1B}[2J\u{1B}[H", "\u{1B}]0;pwned\u{7}", "\r", "\u{8}\u{8}\u{8}", "\u{9B}31m", "\u{202E}", "\u{7F}", "\u{0}",
    ]

    /// A server whose episode texts carry escape sequences and other control characters.
    static func hostileServer() throws -> SpyTransport {
        let episode = Episode(
            id: 7, title: "Title " + hostile.joined(separator: " x "),
            excerpt: "Excerpt " + hostile.joined(separator: " y "),
            imageURL: URL(string: "https://cdn.example/a.svg")!, videoDuration: 60, videoID: "v\u{1B}[31m")
        let body = try JSONEncoder().encode([episode])
        return SpyTransport(status: 200, body: body)
    }

    /// Whether `text` holds no control character but line breaks and tabs (which separate
    /// the fields of piped `episodes`).
    static func isSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
                || scalar == "\u{202E}"
        }
    }

    @Test(arguments: [["episodes"], ["episode", "7"]])
    func controlCharactersAreNeutralised(arguments: [String]) async throws {
        let cli = InProcessCLI(transport: try Self.hostileServer())
        let result = await cli.run(arguments)
        #expect(result.status == .success)
        #expect(Self.isSafe(result.stdout), "\(result.stdout.debugDescription)")
        #expect(Self.isSafe(result.stderr))
        #expect(result.stdout.contains("␛[2J"))
    }

    @Test func jsonOutputEscapesThemInstead() async throws {
        let result = await InProcessCLI(transport: try Self.hostileServer()).run(["episodes", "--json"])
        #expect(Self.isSafe(result.stdout))
        #expect(result.stdout.contains("\\u001b[2J"))
        let decoded = try JSONDecoder().decode([Episode].self, from: Data(result.stdout.utf8))
        #expect(decoded.first?.title.contains("\u{1B}[2J") == true)
    }

    @Test func verboseLinesAreNeutralisedToo() async throws {
        let cli = InProcessCLI(transport: try Self.hostileServer())
        let result = await cli.run(["episodes", "--verbose"])
        #expect(Self.isSafe(result.stderr))
        #expect(result.stderr.contains("> GET"))
    }
}
