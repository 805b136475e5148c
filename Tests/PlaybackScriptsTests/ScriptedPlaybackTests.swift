import Foundation
import PlaybackScripts
import Ports
import Synchronization
import Testing

@Suite("ScriptedPlayback: the scripted players' one engine", .timeLimit(.minutes(2)))
struct ScriptedPlaybackTests {
    /// Every event of `playback`, and the seconds `advance` had been given at each.
    static func events(of playback: ScriptedPlayback, clock: Seconds) async -> [(PlaybackEvent, TimeInterval)] {
        var seen: [(PlaybackEvent, TimeInterval)] = []
        for await event in playback.events { seen.append((event, clock.total)) }
        return seen
    }

    @Test func eachPositionComesAfterItsSecondsAndTheScriptsEndingLast() async {
        let clock = Seconds()
        let playback = ScriptedPlayback(
            script: [.position(5, after: 5), .position(20, after: 15), .end(.failed(reason: "gone"))],
            advance: clock.add)
        let seen = await Self.events(of: playback, clock: clock)
        #expect(seen.map(\.0) == [.position(5), .position(20), .ended(.failed(reason: "gone"))])
        #expect(seen.map(\.1) == [5, 20, 20])
    }

    @Test func withoutPositionsOnlyTheEndingIsReportedAndTheClockStands() async {
        let clock = Seconds()
        let playback = ScriptedPlayback(
            script: [.position(1, after: 1), .end(.stopped)], reportsPositions: false, advance: clock.add)
        #expect(await Self.events(of: playback, clock: clock).map(\.0) == [.ended(.stopped)])
        #expect(clock.total == 0)
    }

    @Test func aResumeBeforeTheHoldIsKeptForItAndEachHoldTakesOne() async {
        let clock = Seconds()
        let playback = ScriptedPlayback(
            script: [.waitForResume, .position(1, after: 1), .waitForResume, .position(2, after: 1)],
            advance: clock.add)
        playback.resume()  // before playback gets to its first hold
        var events = playback.events.makeAsyncIterator()
        #expect(await events.next() == .position(1))
        let second = Task { [events] in
            var events = events
            return await events.next()
        }
        playback.resume()
        #expect(await second.value == .position(2))
        #expect(!playback.wasStopped)
    }

    @Test func stoppingReleasesEitherHoldAndEndsAsStopped() async {
        for hold in [ScriptedPlayback.Step.waitForStop, .waitForResume] {
            let playback = ScriptedPlayback(script: [.position(1, after: 1), hold, .position(2, after: 1)]) { _ in }
            let events = Task { await Self.events(of: playback, clock: Seconds()).map(\.0) }
            await playback.stop()
            let seen = await events.value
            #expect(seen.last == .ended(.stopped) && !seen.contains(.position(2)), "\(hold): \(seen)")
            #expect(playback.wasStopped)
        }
    }

    @Test func stoppingAnEndedPlaybackChangesNothing() async {
        let playback = ScriptedPlayback(script: [.end(.finished)]) { _ in }
        let seen = await Self.events(of: playback, clock: Seconds()).map(\.0)
        await playback.stop()
        #expect(seen == [.ended(.finished)] && !playback.wasStopped)
    }
}

/// The seconds a playback moved its clock, in total.
final class Seconds: Sendable {
    private let value = Mutex<TimeInterval>(0)
    var total: TimeInterval { value.withLock { $0 } }
    @Sendable func add(_ seconds: TimeInterval) { value.withLock { $0 += seconds } }
}
