import Ports
import Subprocesses

/// What mpv's messages mean for one playback: where it is, and how it ended. Pure (no I/O),
/// so that every path mpv can take is tested without mpv.
struct MPVSession {
    /// What the event loop does after a message.
    enum Action: Equatable {
        /// Reports this position (whole seconds).
        case report(Int)
        /// Playback ended so: report it once mpv has gone, and ask mpv to quit (with the
        /// user's `idle` or `keep-open` it would stay).
        case end(PlaybackEnding)
    }

    private(set) var ending: PlaybackEnding?
    /// Whether the file plays at the position asked: positions before mpv's first
    /// `playback-restart` would be from before the start's seek.
    private var restarted = false
    private var lastReported: Int?
    /// mpv's first error while loading the file, the cause behind its `file_error`.
    private var firstError: String?

    /// Whether asking where playback is makes sense now.
    var wantsPositions: Bool { restarted && ending == nil }

    mutating func handle(_ message: MPVMessage) -> [Action] {
        switch message.event {
        case "start-file": firstError = nil
        case "playback-restart": restarted = true
        case "log-message" where message.level == "error" || message.level == "fatal":
            if firstError == nil, let text = message.text, !printableLine(text).isEmpty {
                firstError = printableLine(text)
            }
        case "end-file": return end(after: message)
        case "property-change" where message.name == "eof-reached" && message.data == .flag(true):
            return decide(.finished)
        case nil: return reply(message)
        default: break
        }
        return []
    }

    private mutating func end(after message: MPVMessage) -> [Action] {
        switch message.reason {
        case "eof": return decide(.finished)
        case "stop", "quit": return decide(.stopped)
        case "error":
            let words = printableLine(message.fileError ?? "error")
            return decide(.failed(reason: firstError.map { "\(words) (\($0))" } ?? words))
        default: return []  // a redirect plays on; an unknown reason leaves it to the exit status
        }
    }

    private mutating func reply(_ message: MPVMessage) -> [Action] {
        switch message.requestID {
        case MPVCommand.positionRequest:
            guard wantsPositions, message.error == "success", case .number(let seconds) = message.data,
                seconds.isFinite
            else { return [] }
            let position = max(0, Int(seconds.rounded(.down)))
            guard position != lastReported else { return [] }
            lastReported = position
            return [.report(position)]
        case MPVCommand.loadRequest where message.error != "success":
            return decide(.failed(reason: "mpv refused the URL (\(printableLine(message.error ?? "no reason")))"))
        default: return []
        }
    }

    private mutating func decide(_ ending: PlaybackEnding) -> [Action] {
        guard self.ending == nil else { return [] }
        self.ending = ending
        return [.end(ending)]
    }

    /// How playback ended when mpv went without saying (its IPC gone: a crash, a kill):
    /// from its exit status. 0 is a quit (mpv exits 0 when the user quits), 4 a quit on a
    /// signal, as are SIGINT, SIGTERM and SIGHUP; anything else failed.
    static func ending(after status: TerminationStatus) -> PlaybackEnding {
        switch status {
        case .exited(0), .exited(4): .stopped
        case _ where status.isAskedToEnd: .stopped
        default: .failed(reason: status.description)
        }
    }
}
