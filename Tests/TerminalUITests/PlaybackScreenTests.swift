import Domain
import Foundation
import PlaybackScripts
import PortContracts
import Ports
import Presentation
import Stores
import Stubs
import TerminalUI
import Testing

@MainActor
@Suite("Screens.playback: what watching a video shows")
struct PlaybackScreenTests {
    /// The screen after watching `script` over a service answering `content`.
    static func watched(
        _ script: [ScriptedPlayer.Step], videoID: String = "632759499", failing: [APIOperation: APIError] = [:],
        style: TerminalStyle = .plain
    ) async throws -> String {
        let content = try APIPreviewClient().content
        let model = PlaybackViewModel(
            videoID: videoID, apiService: StubAPIService(content: content, failures: failing),
            player: ScriptedPlayer(script: script),
            keptPositions: KeyValueKeptPositionStore(
                store: InMemoryKeyValueStore(), server: "https://a:443", account: "bart"))
        await model.watch()
        return Screens.playback(model, style: style)
    }

    @Test func whatThePlayerSaysAndTheVideosIdCannotWriteToTheTerminal() async throws {
        let text = try await Self.watched(
            [.position(130, after: 1), .end(.failed(reason: "\u{1B}]0;owned\u{07}bad"))], videoID: "\u{1B}[2J556")
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"))
        #expect(text.hasPrefix("✗ scripted failed: ␛]0;owned"))

        let stopped = try await Self.watched([.position(130, after: 1), .end(.stopped)], videoID: "\u{1B}[2J556")
        #expect(stopped == "Stopped video ␛[2J556 at 2:10 of 4:39.\nSaved at 2:10.")
    }

    @Test func aPositionKeptToSendSaysWhyItWasNotSaved() async throws {
        let refused = APIError.failedRequest(.status(503, reason: "Service Unavailable"))
        let text = try await Self.watched(
            [.position(130, after: 1), .end(.stopped)], failing: [.updateProgressForVideo: refused])
        #expect(
            text == "Stopped video 632759499 at 2:10 of 4:39.\n"
                + "2:10 is kept on this machine until the server takes it. The server answered 503 Service Unavailable."
        )
    }

    @Test func styledAndASCIIStylesMarkTheEnding() async throws {
        let finished = try await Self.watched([.position(278, after: 1), .end(.finished)], style: .styled)
        #expect(finished.hasPrefix("\u{1B}[32m✓\u{1B}[0m Finished video 632759499 (4:39)."))
        #expect(
            try await Self.watched(
                [.position(278, after: 1), .end(.finished)], style: TerminalStyle(isEnabled: false, isUnicode: false)
            )
            .hasPrefix("OK Finished"))
    }
}
