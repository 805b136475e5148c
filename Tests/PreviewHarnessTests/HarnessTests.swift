import Foundation
import PortContracts
import Stubs
import TerminalUI
import Testing

@testable import cocoacasts_preview

@Suite("cocoacasts-preview, run in process")
@MainActor
struct HarnessTests {
    @Test func listsEveryPreviewWithItsScreenAndState() async {
        let outcome = await Harness().run(["--list"])
        #expect(outcome.status == .success)
        #expect(outcome.errors.isEmpty)
        let lines = outcome.output.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        #expect(lines.first == ["NAME", "SCREEN", "STATE"])
        #expect(lines.dropFirst().map { String($0[0]) } == Previews.previews.map(\.name))
        #expect(lines.contains(["signIn/failed-network", "Sign-in", "form", "failed"]))
    }

    @Test func rendersOnePreviewExactlyAsItsSnapshot() async throws {
        let outcome = await Harness().run(["render", "signIn/failed-network"])
        #expect(outcome.status == .success)
        #expect(
            outcome.output
                == "✗ Could not connect to 127.0.0.1 port 8080 (Couldn't connect to server). Check that the server is "
                + "running and that the base URL is right.\n  You need to have a network connection.\n")
        #expect(
            outcome.output == (try String(contentsOf: Snapshot.file(named: "signIn/failed-network"), encoding: .utf8)))
    }

    @Test func rendersSeveralUnderHeadingsAndStylesOnlyWhenAsked() async {
        let plain = await Harness().run(["render", "profile/signed-in", "profile/signed-out"])
        #expect(
            plain.output == "── profile/signed-in · Profile · signedIn ──\n✓ Signed in.\n\n"
                + "── profile/signed-out · Profile · signedOut ──\nSigned out.\n")
        let styled = await Harness(style: .styled).run(["render", "profile/signed-in"])
        #expect(styled.output == "\u{1B}[32m✓\u{1B}[0m Signed in.\n")
    }

    @Test func rendersEveryPreviewWithAll() async {
        let outcome = await Harness().run(["--all"])
        #expect(outcome.status == .success)
        for preview in Previews.previews {
            #expect(outcome.output.contains("── \(preview.name) · \(preview.screen.title) · \(preview.state) ──\n"))
        }
    }

    @Test func anUnknownPreviewIsAUsageErrorWithASuggestion() async {
        let outcome = await Harness().run(["render", "episodes/loadd"])
        #expect(outcome.status == .usage)
        #expect(outcome.status.rawValue == 64)
        #expect(outcome.output.isEmpty)
        #expect(
            outcome.errors
                == "cocoacasts-preview: unknown preview 'episodes/loadd'. Did you mean 'episodes/loaded'? "
                + "See --list for every preview.\n")
    }

    @Test func anUnknownOptionIsAUsageError() async {
        let outcome = await Harness().run(["--lsit"])
        #expect(outcome.status == .usage)
        #expect(outcome.errors == "cocoacasts-preview: unknown option '--lsit'. Did you mean '--list'?\n")
    }

    @Test func helpShowsTheUsageAndTheExitStatuses() async {
        let outcome = await Harness().run(["--help"])
        #expect(outcome.status == .success)
        for text in ["--list", "render NAME", "--all", "--html DIR", "index.html", "64", "74"] {
            #expect(outcome.output.contains(text), "\(text)")
        }
    }

    @Test nonisolated func anUnwritableDirectoryIsAClearError() async throws {
        try await TemporaryDirectory.with { directory in
            let file = directory.file("a-file")
            try Data("x".utf8).write(to: file)
            let target = file.appendingPathComponent("gallery").path
            let outcome = await Harness().run(["--html", target])
            #expect(outcome.status == .cannotWrite)
            #expect(outcome.errors == "cocoacasts-preview: cannot write the gallery to \(target): Not a directory\n")
        }
    }

    @Test func fixturesThatDoNotLoadAreReportedNotACrash() async {
        var harness = Harness()
        harness.loadContent = { () throws(PreviewFixtureError) in throw .missingResource("episodes.json") }
        for arguments in [["--all"], ["--html", "/tmp/unused"]] {
            let outcome = await harness.run(arguments)
            #expect(outcome.status == .failure)
            #expect(
                outcome.errors
                    == "cocoacasts-preview: The preview fixture episodes.json is missing from the resource bundle.\n")
        }
        #expect(await harness.run(["--list"]).status == .success)
    }
}
