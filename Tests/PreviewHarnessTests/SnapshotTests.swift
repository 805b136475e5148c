import Foundation
import Presentation
import Stubs
import Testing

@testable import cocoacasts_preview

@Suite("Every preview matches its reviewed snapshot")
@MainActor
struct SnapshotTests {
    @Test(
        "draws its reviewed snapshot, in the state it is listed with", arguments: Previews.previews.map(\.name))
    func matchesItsSnapshot(name: String) async throws {
        let preview = try #require(Previews.preview(named: name))
        let rendering = await preview.render(content: try APIPreviewClient().content)
        #expect(rendering.state == preview.state)
        try Snapshot.check(rendering.text, named: name)
    }

    @Test func everySnapshotFileBelongsToAPreview() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Snapshot.directory.path)
        let expected = Previews.previews.map { Snapshot.file(named: $0.name).lastPathComponent }
        #expect(Set(files) == Set(expected))
    }
}
