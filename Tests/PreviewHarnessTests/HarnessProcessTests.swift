import Foundation
import PortContracts
import TestSupport
import Testing

@testable import cocoacasts_preview

@Suite("The built cocoacasts-preview binary")
struct HarnessProcessTests {
    static let binary = BuiltProduct.url(named: "cocoacasts-preview")

    /// Runs the binary within ``ChildProcess``'s default limit of a minute: it takes well
    /// under a second, which a busy machine can make several.
    static func run(_ arguments: [String]) async throws -> ChildProcess.Outcome {
        try await ChildProcess.run(binary, arguments)
    }

    @Test func listsRendersAndExitsWithTheStatusOfItsMistakes() async throws {
        let list = try await Self.run(["--list"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("episodes/loading"))

        let render = try await Self.run(["render", "progress/loaded"])
        #expect(render.status == 0)
        #expect(render.stdout == "Video 595188603: watched up to 2:04 (124 s).\n")

        let unknown = try await Self.run(["render", "progress/lodaed"])
        #expect(unknown.status == 64)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("Did you mean 'progress/loaded'?"))
    }

    @Test func writesTheGallery() async throws {
        try await TemporaryDirectory.with { directory in
            let outcome = try await Self.run(["--html", directory.url.path])
            #expect(outcome.status == 0)
            #expect(outcome.stdout.contains("Wrote \(Previews.previews.count) previews"))
            let html = try String(contentsOf: directory.file("index.html"), encoding: .utf8)
            #expect(html.components(separatedBy: "class=\"card\"").count - 1 == Previews.previews.count)
        }
    }
}
