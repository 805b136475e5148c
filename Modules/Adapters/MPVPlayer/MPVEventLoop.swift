import Ports
import Subprocesses

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads mpv's messages on a thread of its own until mpv closes the socket (it quit,
/// crashed or was killed), blocked in `poll(2)` between them. Once a second, while the
/// file plays, it asks mpv where playback is: one wake-up a second, whatever mpv's frame
/// rate, so positions come about every second and waiting costs next to nothing.
struct MPVEventLoop {
    let connection: MPVConnection
    /// How playback ended: mpv's word, or the user's stop (whichever came first).
    let outcome: FirstDecision<PlaybackEnding>
    let events: AsyncStream<PlaybackEvent>.Continuation

    /// A line longer than this is no message of mpv's that matters here; it is dropped
    /// rather than held.
    private static let longestLine = 1 << 20

    func run() {
        var session = MPVSession()
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        let decoder = JSONDecoder()
        var nextQuery = ContinuousClock.now + .seconds(1)
        while true {
            var watched = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watched, 1, Self.milliseconds(until: nextQuery))
            if ready < 0 && errno != EINTR { return }
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(connection.descriptor, $0.baseAddress, $0.count) }
                if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return }
                pending += buffer[..<max(count, 0)]
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = Data(pending[..<newline])
                    pending.removeSubrange(...newline)
                    // mpv may send a line that is not the JSON expected (its docs warn of
                    // broken UTF-8 in tags): it tells nothing this adapter needs.
                    guard let message = try? decoder.decode(MPVMessage.self, from: line) else { continue }
                    session.handle(message).forEach(perform)
                }
                if pending.count > Self.longestLine { pending = [] }
            }
            if ContinuousClock.now >= nextQuery {
                if session.wantsPositions { connection.send(MPVCommand.position) }
                nextQuery = ContinuousClock.now + .seconds(1)
            }
        }
    }

    private func perform(_ action: MPVSession.Action) {
        switch action {
        case .report(let position):
            if outcome.decided == nil { events.yield(.position(position)) }
        case .end(let ending):
            outcome.decide(ending)
            connection.send(MPVCommand.quit)
        }
    }

    private static func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        let (seconds, attoseconds) = (instant - ContinuousClock.now).components
        return Int32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }
}
