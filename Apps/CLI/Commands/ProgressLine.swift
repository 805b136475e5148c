import Ports
import Presentation
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How far a download is, as a person or a script follows it: on a terminal one line on
/// standard error, redrawn with the rate; with `--json`, one JSON object per line on standard
/// output (`{"event":"progress",…}`, then the video's own `complete`, `stopped` or `failed`);
/// piped without `--json`, nothing until the end.
@MainActor
final class ProgressLine {
    private let console: any Console
    private let appearance: Appearance
    private let events: Bool

    init(console: any Console, appearance: Appearance, events: Bool) {
        self.console = console
        self.appearance = appearance
        self.events = events
    }

    /// Runs `work`, following `model` every fifth of a second until it returns.
    func following(_ model: DownloadViewModel, _ work: () async -> Void) async {
        guard events || appearance.animates else { return await work() }
        let started = ContinuousClock.now
        let following = Task { @MainActor in
            var first: Int?  // what earlier runs left, which this run's rate does not count
            var said: DownloadProgress?
            while !Task.isCancelled {
                if case .downloading(let progress) = model.state, progress != said {
                    said = progress
                    first = first ?? progress.bytes
                    if events {
                        printEvent(Event(videoID: model.videoID, progress))
                    } else {
                        draw(model, progress, fetched: progress.bytes - (first ?? 0), since: started)
                    }
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

    private func draw(
        _ model: DownloadViewModel, _ progress: DownloadProgress, fetched: Int, since started: ContinuousClock.Instant
    ) {
        let elapsed = (ContinuousClock.now - started).components
        let seconds = max(0.001, Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        let line =
            Screens.download(model, style: appearance.error) + "  \(ByteSize.text(Int(Double(fetched) / seconds)))/s"
        let width = max(10, (console.errorTerminalColumns ?? 80) - 1)
        console.writeError("\r\u{1B}[2K" + String(line.prefix(width)))
    }

    /// How far a download is, as `--json` says it.
    private struct Event: Encodable {
        let event = "progress"
        let videoID: String
        let bytes: Int
        let expectedBytes: Int?
        let partsDone: Int
        let parts: Int

        init(videoID: String, _ progress: DownloadProgress) {
            self.videoID = videoID
            bytes = progress.bytes
            expectedBytes = progress.expectedBytes
            partsDone = progress.partsDone
            parts = progress.parts
        }
    }
}
