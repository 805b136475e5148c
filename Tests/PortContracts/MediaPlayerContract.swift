import Foundation
import Ports
import Testing

/// A player under the contract, and media of three kinds for it to play.
public struct MediaPlayerSubject: Sendable {
    public let player: any MediaPlayer
    /// Plays for a minute or more.
    public let longMedia: URL
    /// Plays to its end within a few seconds.
    public let shortMedia: URL
    /// Cannot be played (nothing is there).
    public let unplayableMedia: URL

    public init(player: any MediaPlayer, longMedia: URL, shortMedia: URL, unplayableMedia: URL) {
        self.player = player
        self.longMedia = longMedia
        self.shortMedia = shortMedia
        self.unplayableMedia = unplayableMedia
    }
}

/// The behaviour every ``MediaPlayer`` that reports positions must have (mpv, the scripted
/// player); each case gets a fresh subject. Waits are bounded far above a real player's
/// pace (it reports about once a second) and near the hang they guard against; run the
/// cases with a time limit too, since `stop()` is awaited.
public typealias MediaPlayerContract = Contract<MediaPlayerSubject>

extension Contract where Subject == MediaPlayerSubject {
    /// How long a case waits for what a player does within seconds.
    static var patience: Duration { .seconds(60) }

    /// Every case of the contract.
    public static var cases: [MediaPlayerContract] {
        [
            MediaPlayerContract("positions arrive and increase, the first at or after the start asked") { subject in
                #expect(subject.player.reportsPositions)
                let playback = try await subject.player.play(subject.longMedia, from: 5)
                let log = PlaybackLog(playback)
                let arrived = await log.wait(upTo: patience) { $0.positions.count >= 3 || $0.ending != nil }
                await playback.stop()
                let positions = log.record.positions
                #expect(arrived && positions.count >= 3, "events: \(log.record.events)")
                #expect(positions.first.map { (5...15).contains($0) } == true, "positions: \(positions)")
                #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }, "positions: \(positions)")
            },
            MediaPlayerContract("stop() ends the playback as stopped and the events finish") { subject in
                let playback = try await subject.player.play(subject.longMedia, from: 0)
                let log = PlaybackLog(playback)
                #expect(await log.wait(upTo: patience) { !$0.positions.isEmpty }, "events: \(log.record.events)")
                await playback.stop()
                #expect(await log.waitForTheEnd(upTo: patience))
                #expect(log.record.events.last == .ended(.stopped), "events: \(log.record.events)")
                #expect(log.record.events.filter { if case .ended = $0 { true } else { false } }.count == 1)
                await playback.stop()  // a second stop does nothing
                #expect(log.record.events.last == .ended(.stopped))
            },
            MediaPlayerContract("a playback played to its end ends as finished") { subject in
                let playback = try await subject.player.play(subject.shortMedia, from: 0)
                let log = PlaybackLog(playback)
                #expect(await log.waitForTheEnd(upTo: patience), "events: \(log.record.events)")
                #expect(log.record.events.last == .ended(.finished), "events: \(log.record.events)")
                let positions = log.record.positions
                #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }, "positions: \(positions)")
            },
            MediaPlayerContract("stopping a playback that has ended does nothing") { subject in
                let playback = try await subject.player.play(subject.shortMedia, from: 0)
                let log = PlaybackLog(playback)
                #expect(await log.waitForTheEnd(upTo: patience))
                await playback.stop()
                #expect(log.record.events.last == .ended(.finished), "events: \(log.record.events)")
            },
            MediaPlayerContract("an unplayable URL ends as failed in the player's words, or fails to start") {
                subject in
                let playback: any Playback
                do throws(PlayerError) {
                    playback = try await subject.player.play(subject.unplayableMedia, from: 0)
                } catch {
                    guard case .couldNotStart(_, let reason) = error else { throw error }
                    #expect(!reason.isEmpty)
                    return
                }
                let log = PlaybackLog(playback)
                #expect(await log.waitForTheEnd(upTo: patience), "events: \(log.record.events)")
                guard case .failed(let reason)? = log.record.ending else {
                    Issue.record("ended \(String(describing: log.record.ending)), not failed")
                    return
                }
                #expect(!reason.isEmpty)
                #expect(log.record.positions.isEmpty)
            },
        ]
    }
}
