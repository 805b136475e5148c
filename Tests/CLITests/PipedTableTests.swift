import Foundation
import PortContracts
import Testing

/// `episodes` into a pipe prints for scripts, as gh does: tab-separated fields, whole
/// titles, no header, whatever `COLUMNS` says.
@Suite("Piped episodes are tab-separated lines for scripts")
struct PipedTableTests {
    @Test(arguments: ["40", "80", "250"])
    func pipedEpisodesAreTabSeparatedUntruncatedAndHeaderless(columns: String) async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory, environment: ["COLUMNS": columns])
            let piped = try await cli.run(["episodes"])
            #expect(piped.status == 0, "\(piped.stderr)")
            let json = try await cli.run(["episodes", "--json"])
            let episodes = try #require(
                try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            let lines = piped.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == episodes.count, "one line per episode, no header")
            for (line, episode) in zip(lines, episodes) {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                #expect(fields.count == 3, "\(line)")
                #expect(fields.first == "\(episode["id"] as? Int ?? -1)")
                #expect(fields.dropFirst().first == episode["title"] as? String, "the whole title")
                #expect(fields.last?.contains(":") == true && fields.last?.contains(" ") == false, "\(line)")
            }
        }
    }
}
