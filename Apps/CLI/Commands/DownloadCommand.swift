import Domain
import MediaDownloader
import Ports
import Presentation
import Synchronization
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `cocoacasts download EPISODE|VIDEO…`: copies each video to this machine (see
/// ``/MediaDownloader/MediaDownloader``), for `watch` to play with the network off.
///
/// On a terminal one line says how far it is, redrawn; piped, a line per video once it is
/// whole. Ctrl-C keeps what is whole and says how to go on; the same command goes on from there.
struct DownloadCommand: ServiceCommand, Equatable {
    static let quality = CommandLineParser.Option(
        name: "--quality", valueName: "Q", summary: "best (the default), worst, or a height such as 720",
        choices: ["best", "worst", "1080", "720", "540", "360"])
    static let jobs = CommandLineParser.Option(
        name: "--jobs", valueName: "N", summary: "parts fetched at once, 1 to 16 (default 4)")
    static let spec = CommandLineParser.CommandSpec(
        name: "download", arguments: ["<episode-id or video-id>", "[more-ids...]"],
        options: [quality, jobs, Grammar.json],
        summary: "Copy videos to this machine, to watch with the network off (needs sign-in)",
        examples: [
            ("cocoacasts download 556", "episode 556's video, in the best quality"),
            ("cocoacasts download 556 553 --quality 720", "two episodes, at most 720 pixels high"),
        ])
    static let settingsUsed = Set(ConfigKey.allCases)
    static let callsTheAPI = true

    let references: [String]
    let choice: DownloadQuality
    let jobCount: Int
    let json: Bool

    init(references: [String], quality: DownloadQuality = .best, jobs: Int = 4, json: Bool = false) {
        self.references = references
        choice = quality
        jobCount = jobs
        self.json = json
    }

    init(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) {
        var quality = DownloadQuality.best
        if let text = parsed.value(Self.quality) {
            switch text.lowercased() {
            case "best": quality = .best
            case "worst": quality = .worst
            default:
                let digits = text.lowercased().hasSuffix("p") ? String(text.dropLast()) : text
                guard let height = Int(digits), height > 0 else {
                    throw .invalidValue(Self.quality.name, value: text, expected: "best, worst or a height such as 720")
                }
                quality = .height(height)
            }
        }
        var jobs = 4
        if let text = parsed.value(Self.jobs) {
            guard let count = Int(text), (1...16).contains(count) else {
                throw .invalidValue(Self.jobs.name, value: text, expected: "a number from 1 to 16")
            }
            jobs = count
        }
        self.init(references: arguments, quality: quality, jobs: jobs, json: parsed.has(Grammar.json))
    }

    /// One video's outcome, as `--json` prints it.
    struct Outcome: Encodable {
        let videoID: String
        let complete: Bool
        let quality: String?
        let bytes: Int
        let path: String?
        let error: String?
    }

    func run(_ context: CommandContext) async -> ExitCode {
        await context.deliverKeptPositions()
        let library = context.services.downloads
        do throws(StoreError) {
            try library.prepare()
        } catch {
            context.console.fail(error.description)
            return .localState
        }
        var outcomes: [Outcome] = []
        var status = ExitCode.success
        for reference in references {
            let (outcome, ended) = await download(reference, in: context)
            outcomes.append(contentsOf: outcome.map { [$0] } ?? [])
            if ended != .success { status = ended }
            if ended == .interrupted || ended == .localState { break }
        }
        if json { context.printJSON(outcomes) }
        return status
    }

    /// Downloads one reference: its outcome (none when it was never started) and its status.
    @MainActor private func download(_ reference: String, in context: CommandContext) async -> (Outcome?, ExitCode) {
        let videoID: String
        switch await context.resolve(reference, context: .video, needingTheEpisode: false) {
        case .video(let id, _): videoID = id
        case .ended(let status): return (nil, status)
        }
        let model = VideoViewModel(videoID: videoID, apiService: context.services.api)
        guard await context.withSpinner("Fetching the video…", { await model.fetchVideo() }) else {
            return (nil, .interrupted)
        }
        if case .failed(_, let failure, _) = model.state {
            let status = context.report(
                failure, context: .video, asking: .video, about: videoID, subject: "video \(videoID)")
            return (nil, status)
        }
        guard case .loaded(let video) = model.state else { return (nil, .failure) }
        let request = DownloadRequest(
            url: video.videoURL, quality: choice, destination: context.services.downloads.folder(forVideo: videoID),
            jobs: jobCount,
            metadata: [
                "videoID": videoID, "duration": String(video.duration), "reference": reference,
                "server": context.services.server,
            ])
        let line = ProgressLine(console: context.console, appearance: context.appearance, label: "video \(videoID)")
        let result = await line.showing { progress -> Result<DownloadedCopy, DownloadError> in
            do throws(DownloadError) {
                return .success(try await context.services.downloader.download(request, progress: progress))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let copy):
            if !json {
                context.console.print(
                    "video \(videoID): \(copy.quality), \(ByteSize.text(copy.bytes)), on this machine — "
                        + "cocoacasts watch \(reference) plays it with the network off.")
            }
            return (
                Outcome(
                    videoID: videoID, complete: true, quality: copy.quality, bytes: copy.bytes,
                    path: copy.playable.path, error: nil),
                .success
            )
        case .failure(let error):
            let onDisk: String
            do throws(StoreError) {
                onDisk = " (\(ByteSize.text(try context.services.downloads.bytes(ofVideo: videoID))) on disk)"
            } catch {
                onDisk = ""  // the size is a detail; the folder's own failure is said by the next command that uses it
            }
            let kept = line.last?.bytes ?? 0
            let again = "cocoacasts download \(reference)"
            let status: ExitCode
            switch error.cause {
            case .cancelled:
                context.console.fail(
                    "Stopped: what is whole of video \(videoID) is kept\(onDisk). Run `\(again)` to go on from there.")
                status = .interrupted
            case .noSpace, .io, .busy:
                context.console.fail("The download of video \(videoID) stopped: \(error). What is whole is kept.")
                status = .localState
            case .refused:
                context.console.fail("Video \(videoID) cannot be downloaded: \(error).")
                status = .failure
            default:
                context.console.fail(
                    "The download of video \(videoID) stopped: \(error). What is whole is kept: run `\(again)` to go on."
                )
                status = .unreachable
            }
            return (
                Outcome(
                    videoID: videoID, complete: false, quality: nil, bytes: kept, path: nil, error: error.description),
                status
            )
        }
    }
}

/// The one line a download redraws on a terminal's standard error: how far, and how fast this run goes.
@MainActor
final class ProgressLine {
    private let console: any Console
    private let appearance: Appearance
    private let label: String
    private let latest = LatestProgress()

    init(console: any Console, appearance: Appearance, label: String) {
        self.console = console
        self.appearance = appearance
        self.label = label
    }

    /// The last progress heard.
    var last: DownloadProgress? { latest.value }

    /// Runs `work`, redrawing the line from what it reports every fifth of a second.
    func showing<T>(_ work: (@escaping @Sendable (DownloadProgress) -> Void) async -> T) async -> T {
        let latest = self.latest
        guard appearance.animates else { return await work { latest.value = $0 } }
        let started = ContinuousClock.now
        let drawing = Task { @MainActor in
            var first: Int?  // what earlier runs left, which this run's rate does not count
            while !Task.isCancelled {
                if let progress = latest.value {
                    first = first ?? progress.bytes
                    draw(progress, fetched: progress.bytes - (first ?? 0), since: started)
                }
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        let result = await work { latest.value = $0 }
        drawing.cancel()
        _ = await drawing.result
        console.writeError("\r\u{1B}[2K")
        return result
    }

    private func draw(_ progress: DownloadProgress, fetched: Int, since started: ContinuousClock.Instant) {
        let elapsed = (ContinuousClock.now - started).components
        let seconds = max(0.001, Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        var parts = [label]
        if let expected = progress.expectedBytes, expected > 0 {
            parts.append("\(min(99, progress.bytes * 100 / expected))%")
            parts.append("\(ByteSize.text(progress.bytes)) of \(ByteSize.text(expected))")
        } else {
            parts.append("\(progress.partsDone)/\(progress.parts) parts, \(ByteSize.text(progress.bytes))")
        }
        parts.append("\(ByteSize.text(Int(Double(fetched) / seconds)))/s")
        let line = parts.joined(separator: "  ")
        let width = max(10, (console.errorTerminalColumns ?? 80) - 1)
        console.writeError("\r\u{1B}[2K" + String(line.prefix(width)))
    }
}

/// The latest progress, written by the download's task and read by the line's.
final class LatestProgress: Sendable {
    private let progress = Mutex<DownloadProgress?>(nil)

    var value: DownloadProgress? {
        get { progress.withLock { $0 } }
        set { progress.withLock { $0 = newValue } }
    }
}
