import Ports
import Presentation
import TerminalUI

/// How far a download is, as a person or a script follows it: on a terminal one line on
/// standard error, redrawn (``DownloadLine``); with `--json`, one JSON object per line on standard
/// output (`{"event":"progress",…}`, then the video's own `complete`, `stopped` or `failed`);
/// piped without `--json`, nothing until the end.
@MainActor
struct DownloadProgressLine {
    let console: any Console
    let appearance: Appearance
    /// Whether `--json` follows it, line by line.
    let events: Bool

    /// Runs `work`, following `model` every fifth of a second until it returns; the line names
    /// `title` and the download's `place` in a batch (`[2/3]`), and is drawn again at the
    /// terminal's width of the moment, so that it follows a resize.
    func following(
        _ model: DownloadViewModel, title: String? = nil, place: (Int, Int)? = nil, _ work: () async -> Void
    ) async {
        guard events || appearance.animates else { return await work() }
        let following = Task { @MainActor in
            var rate = AveragedRate()
            var said: DownloadProgress?
            while !Task.isCancelled {
                if case .downloading(let progress) = model.state {
                    rate.add(progress.bytes, at: .now)
                    if events, progress != said {
                        printEvent(
                            Event(
                                videoID: model.videoID, bytes: progress.bytes, expectedBytes: progress.expectedBytes,
                                partsDone: progress.partsDone, parts: progress.parts))
                    } else if !events {
                        let line = DownloadLine(
                            title: title, place: place, progress: progress, bytesPerSecond: rate.bytesPerSecond)
                        let width = max(10, (console.errorTerminalColumns ?? 80) - 1)
                        console.writeError("\r\u{1B}[2K" + line.text(width: width))
                    }
                    said = progress
                }
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        await work()
        following.cancel()
        _ = await following.result
        if !events { console.writeError("\r\u{1B}[2K") }
    }

    /// Prints `value` as one line of JSON on standard output.
    func printEvent(_ value: some Encodable) {
        CommandContext.printJSON(value, on: console, asOneLine: true)
    }

    /// The bytes a second over the last few seconds of samples; none until a second is seen
    /// in which bytes came, so that a start (or a stall) never reads `0 B/s`.
    struct AveragedRate {
        private var samples: [(bytes: Int, at: ContinuousClock.Instant)] = []
        static let window: Duration = .seconds(5)

        mutating func add(_ bytes: Int, at instant: ContinuousClock.Instant) {
            samples.append((bytes, instant))
            samples.removeAll { instant - $0.at > Self.window }
        }

        var bytesPerSecond: Double? {
            guard let first = samples.first, let last = samples.last, last.at - first.at >= .seconds(1),
                last.bytes > first.bytes
            else { return nil }
            let elapsed = (last.at - first.at).components
            return Double(last.bytes - first.bytes) / (Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        }
    }

    /// How far a download is, as `--json` says it.
    private struct Event: Encodable {
        let event = "progress"
        let videoID: String
        let bytes: Int
        let expectedBytes: Int?
        let partsDone: Int
        let parts: Int
    }
}
