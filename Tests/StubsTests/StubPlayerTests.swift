import Foundation
import PlaybackScripts
import Ports
import Stubs
import Testing

@Suite("StubPlayer: the previews' player plays its script on its own clock")
struct StubPlayerTests {
    static let url = URL(string: "https://player.cocoacasts.com/632759499/video.m3u8")!

    /// Every event of `playback`, and the player's clock at each.
    static func events(of playback: any Playback, on player: StubPlayer) async -> [(PlaybackEvent, Date)] {
        var seen: [(PlaybackEvent, Date)] = []
        for await event in playback.events { seen.append((event, player.now)) }
        return seen
    }

    @Test func reportsEachPositionAfterItsSecondsThenTheEnding() async throws {
        let player = StubPlayer(script: [
            .position(5, after: 5), .position(20, after: 15), .end(.failed(reason: "gone")),
        ])
        let start = player.now
        let seen = await Self.events(of: try await player.play(Self.url, from: 0), on: player)
        #expect(seen.map(\.0) == [.position(5), .position(20), .ended(.failed(reason: "gone"))])
        #expect(seen.map { $0.1.timeIntervalSince(start) } == [5, 20, 20])
    }

    @Test func aScriptThatRunsOutHasFinished() async throws {
        let player = StubPlayer(script: [.position(1, after: 1)])
        let seen = await Self.events(of: try await player.play(Self.url, from: 0), on: player)
        #expect(seen.map(\.0) == [.position(1), .ended(.finished)])
    }

    @Test func waitsForStopThenEndsAsStopped() async throws {
        let player = StubPlayer(script: [.position(1, after: 1), .waitForStop, .position(2, after: 1)])
        let playback = try await player.play(Self.url, from: 0)
        let events = Task { await Self.events(of: playback, on: player).map(\.0) }
        await playback.stop()
        #expect(await events.value.last == .ended(.stopped))
        await playback.stop()  // stopping an ended playback does nothing
    }

    @Test func aPlayerWithoutPositionsReportsOnlyTheEnding() async throws {
        let player = StubPlayer(
            name: "xdg-open", script: [.position(1, after: 1), .end(.stopped)], reportsPositions: false)
        let seen = await Self.events(of: try await player.play(Self.url, from: 124), on: player)
        #expect(seen.map(\.0) == [.ended(.stopped)])
        #expect(player.name == "xdg-open" && !player.reportsPositions)
    }

    @Test func aPlayerThatCannotStartSaysWhy() async {
        let player = StubPlayer(script: [], startFailure: .notFound(name: "mpv"))
        await #expect(throws: PlayerError.notFound(name: "mpv")) { try await player.play(Self.url, from: 0) }
    }
}
