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
        choices: ["best", "worst", "1080", "720", "540", "360"], acceptsOthers: true)
    static let jobs = CommandLineParser.Option(
        name: "--jobs", valueName: "N", summary: "parts fetched at once, 1 to 16 (default 4)")
    static let output = CommandLineParser.Option(
        name: "--output", valueName: "FILE",
        summary: "also write the copy as one file (one video; video and audio apart need ffmpeg)")
    static let spec = CommandLineParser.CommandSpec(
        name: "download", arguments: ["<id or words>", "[more...]"],
        options: [quality, jobs, output, Grammar.json],
        summary: "Copy videos to this machine, to watch with the network off (needs sign-in)",
        examples: [
            ("cocoacasts download 556", "episode 556's video, in the best quality"),
            ("cocoacasts download 556 553 --quality 720", "two episodes, at most 720 pixels high"),
            ("cocoacasts download 556 --output episode-556.mp4", "and one file of it, to keep or share"),
        ])
    static let settingsUsed = Set(ConfigKey.allCases)
    static let callsTheAPI = true

    let references: [String]
    let choice: DownloadQuality
    let jobCount: Int
    /// Where to write the copy as one file too, if anywhere.
    let outputPath: String?
    let json: Bool

    init(
        references: [String], quality: DownloadQuality = .best, jobs: Int = 4, outputPath: String? = nil,
        json: Bool = false
    ) {
        self.references = references
        choice = quality
        jobCount = jobs
        self.outputPath = outputPath
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
        // Ids are videos each; words, all of them together, name one.
        let references =
            arguments.contains(where: CommandContext.isWords) ? [arguments.joined(separator: " ")] : arguments
        let outputPath = parsed.value(Self.output)
        if let outputPath, references.count > 1 {
            throw .invalidValue(Self.output.name, value: outputPath, expected: "one video's file: name one video")
        }
        self.init(
            references: references, quality: quality, jobs: jobs, outputPath: outputPath, json: parsed.has(Grammar.json)
        )
    }

    /// One video's outcome, as `--json` prints it: its event (`complete`, `stopped`, `failed`).
    struct Outcome: Encodable {
        let event: String
        let videoID: String
        let complete: Bool
        let quality: String?
        let bytes: Int
        let path: String?
        /// The one file `--output` wrote.
        var output: String? = nil
        var error: String?
    }

    func run(_ context: CommandContext) async -> ExitCode {
        if let outputPath {
            let folder = URL(fileURLWithPath: outputPath).deletingLastPathComponent().path
            if FileManager.default.fileExists(atPath: outputPath) {
                context.console.fail(
                    "\(outputPath) exists already: cocoacasts does not write over it. Name another file.")
                return .localState
            }
            // Said before the download rather than after it.
            guard FileManager.default.isWritableFile(atPath: folder) else {
                context.console.fail(
                    "\(outputPath) cannot be written: the folder \(folder) is missing or not writable.")
                return .localState
            }
        }
        await context.deliverKeptPositions()
        let library = context.services.downloads
        do throws(StoreError) {
            try library.prepare()
        } catch {
            context.console.fail(error.description)
            return .localState
        }
        var status = ExitCode.success
        for reference in references {
            let ended = await download(reference, in: context)
            if ended != .success { status = ended }
            if ended == .interrupted || ended == .localState { break }
        }
        return status
    }

    /// Downloads one reference, and says how it ended (with `--json`, as its last event).
    @MainActor private func download(_ typed: String, in context: CommandContext) async -> ExitCode {
        let videoID: String
        // What the messages give to type again: the episode's id for words.
        let reference: String
        switch await context.resolve(typed, context: .video, needingTheEpisode: false) {
        case .video(let id, let episode):
            videoID = id
            reference = CommandContext.isWords(typed) ? episode.map { String($0.id) } ?? id : typed
        case .ended(let status): return status
        }
        let model = VideoViewModel(videoID: videoID, apiService: context.services.api)
        guard await context.withSpinner("Fetching the video…", { await model.fetchVideo() }) else {
            return .interrupted
        }
        if case .failed(_, let failure, _) = model.state {
            return context.report(
                failure, context: .video, asking: .video, about: videoID, subject: "video \(videoID)")
        }
        guard case .loaded(let video) = model.state else { return .failure }
        let request = DownloadRequest(
            url: video.videoURL, quality: choice, destination: context.services.downloads.folder(forVideo: videoID),
            jobs: jobCount,
            metadata: [
                "videoID": videoID, "duration": String(video.duration), "reference": reference,
                "server": context.services.server,
            ])
        let download = DownloadViewModel(videoID: videoID, downloader: context.services.downloader)
        let line = ProgressLine(console: context.console, appearance: context.appearance, events: json)
        await line.following(download) { await download.download(request) }
        let outcome: Outcome
        let status: ExitCode
        switch download.state {
        case .complete(let copy):
            if !json {
                context.console.print(
                    "video \(videoID): \(copy.quality), \(ByteSize.text(copy.bytes)), on this machine — "
                        + "cocoacasts watch \(reference) plays it with the network off.")
            }
            var complete = Outcome(
                event: "complete", videoID: videoID, complete: true, quality: copy.quality, bytes: copy.bytes,
                path: copy.playable.path, error: nil)
            if let outputPath {
                let failure: String?
                (status, failure) = await export(videoID, reference: reference, to: outputPath, in: context)
                if status == .success { complete.output = URL(fileURLWithPath: outputPath).path }
                complete.error = failure
            } else {
                status = .success
            }
            outcome = complete
        case .interrupted(let kept):
            context.console.fail(
                "Stopped: what is whole of video \(videoID) is kept\(onDisk(videoID, in: context)). "
                    + "Run `cocoacasts download \(reference)` to go on from there.")
            outcome = Outcome(
                event: "stopped", videoID: videoID, complete: false, quality: nil, bytes: kept?.bytes ?? 0, path: nil,
                error: DownloadError(.cancelled).description)
            status = .interrupted
        case .failed(_, let cause, let kept):
            status = report(DownloadError(cause), videoID: videoID, reference: reference, in: context)
            outcome = Outcome(
                event: "failed", videoID: videoID, complete: false, quality: nil, bytes: kept?.bytes ?? 0, path: nil,
                error: DownloadError(cause).description)
        case .waiting, .downloading:
            return .failure  // the download returns only once it has ended
        }
        if json { line.printEvent(outcome) }
        return status
    }

    /// The bytes of `videoID`'s copy on disk, as ` (12.3 MB on disk)`; empty when they cannot be read.
    @MainActor private func onDisk(_ videoID: String, in context: CommandContext) -> String {
        do throws(StoreError) {
            return " (\(ByteSize.text(try context.services.downloads.bytes(ofVideo: videoID))) on disk)"
        } catch {
            return ""  // the size is a detail; the folder's own failure is said by the next command that uses it
        }
    }

    /// Says why the download of `videoID` stopped, and how to go on; returns the exit status.
    @MainActor private func report(
        _ error: DownloadError, videoID: String, reference: String, in context: CommandContext
    )
        -> ExitCode
    {
        let again = "cocoacasts download \(reference)"
        switch error.cause {
        case .noRoom(let needed, let free, let path):
            context.console.fail(
                "Video \(videoID) needs about \(ByteSize.text(needed)) more, and the disk of \(path) has "
                    + "\(ByteSize.text(free)) free: nothing more was fetched. Make room, then run `\(again)`.")
            return .localState
        case .noSpace, .io, .busy:
            context.console.fail("The download of video \(videoID) stopped: \(error). What is whole is kept.")
            return .localState
        case .refused:
            context.console.fail("Video \(videoID) cannot be downloaded: \(error).")
            return .failure
        case .status(let status) where DownloadError.isFinal(status),
            .partFailed(_, let status?, _) where DownloadError.isFinal(status):
            // The server answered, and no retry mends the answer: the request failed (1).
            context.console.fail(
                "The download of video \(videoID) stopped: \(error). What is whole is kept; going on would meet "
                    + "the same answer.")
            return .failure
        default:
            context.console.fail(
                "The download of video \(videoID) stopped: \(error). What is whole is kept: run `\(again)` to go on.")
            return .unreachable
        }
    }
}

extension DownloadCommand {
    /// Writes video `videoID`'s complete copy as one file at `path`, and says so; the status,
    /// and what went wrong for `--json`.
    @MainActor fileprivate func export(
        _ videoID: String, reference: String, to path: String, in context: CommandContext
    ) async -> (ExitCode, String?) {
        guard let copy = context.services.downloads.copy(of: videoID) else {
            let words = "the copy went away before it was written to \(path)"
            context.console.fail("Video \(videoID) was not written to \(path): \(words).")
            return (.localState, words)
        }
        let export = CopyExport(copy, environment: context.environment)
        var outcome: Result<Int, CopyExport.Failure> = .failure(.cancelled)
        _ = await context.withSpinner("Writing \(path)…") {
            do throws(CopyExport.Failure) {
                outcome = .success(try await export.export(to: URL(fileURLWithPath: path)))
            } catch {
                outcome = .failure(error)
            }
        }
        let written: Int
        do throws(CopyExport.Failure) {
            written = try outcome.get()
        } catch {
            let kept = "The copy is complete: `cocoacasts watch \(reference)` plays it."
            context.console.fail("Video \(videoID) was not written to \(path): \(error). \(kept)")
            let said = "not written to \(path): \(error)"
            switch error {
            case .needsFFmpeg, .ffmpegNotStarted: return (.unreachable, said)
            case .ffmpegFailed: return (.failure, said)
            case .cancelled: return (.interrupted, said)
            case .exists, .io, .incomplete: return (.localState, said)
            }
        }
        if !json { context.console.print("video \(videoID): written to \(path) (\(ByteSize.text(written))).") }
        return (.success, nil)
    }
}
