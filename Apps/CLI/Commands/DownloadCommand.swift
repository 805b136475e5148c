import Domain
import Ports
import Presentation
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `cocoacasts download EPISODE|VIDEO…`: copies each video to this machine, named by its
/// episode, for `watch` to play with the network off (see ``/Ports/VideoDownloader``).
///
/// On a terminal one line says how far it is, redrawn; piped, a line per video once it is
/// whole. A copy remembers its quality: run again without `--quality`, it goes on at it.
/// Ctrl-C keeps what is whole and names the command that goes on, with every episode not
/// finished. A part that fails does not stop the others: the copy is partial, and the same
/// command fetches only what is missing — or damaged.
struct DownloadCommand: ServiceCommand, Equatable {
    static let quality = TypedOption(
        option: CommandLineParser.Option(
            name: "--quality", valueName: "Q",
            summary: "best (the default for a new copy), worst, or a height such as 720; a copy goes on at its own",
            choices: ["best", "worst", "1080", "720", "540", "360"], acceptsOthers: true),
        expected: "best, worst or a height such as 720", read: VideoQuality.init)
    static let jobs = TypedOption(
        option: CommandLineParser.Option(
            name: "--jobs", valueName: "N", summary: "parts fetched at once, 1 to 16 (default 4)"),
        expected: "a number from 1 to 16"
    ) { Int($0).flatMap { (1...16).contains($0) ? $0 : nil } }
    static let output = CommandLineParser.Option(
        name: "--output", valueName: "FILE",
        summary: "also write the copy as one file (one video; video and audio apart need ffmpeg)")
    static let spec = CommandLineParser.CommandSpec(
        name: "download", arguments: ["<id or words>", "[more...]"],
        options: [quality.option, jobs.option, output, listQualities, Grammar.json],
        summary: "Copy episodes to this machine, to watch with the network off (needs sign-in)",
        examples: [
            ("cocoacasts download 556", "episode 556's video, in the best quality"),
            ("cocoacasts download 556 553 --quality 720", "two episodes, at most 720 pixels high"),
            ("cocoacasts download 556 --output episode-556.mp4", "and one file of it, to keep or share"),
            ("cocoacasts download 556 --list-qualities", "the qualities its stream offers, before choosing one"),
        ])
    static let defaultJobs = 4

    let references: [String]
    /// The quality asked for; `nil` goes on at a copy's own (best for a new one).
    let choice: VideoQuality?
    let jobCount: Int
    /// Where to write the copy as one file too, if anywhere.
    let outputPath: String?
    /// Whether to list the streams' qualities instead of downloading.
    let listsQualities: Bool
    let json: Bool

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) -> Self {
        let quality = try Self.quality.value(in: parsed)
        let jobs = try Self.jobs.value(in: parsed) ?? Self.defaultJobs
        // Ids are videos each; words, all of them together, name one.
        let references =
            arguments.contains(where: CommandContext.isWords) ? [arguments.joined(separator: " ")] : arguments
        let outputPath = parsed.value(Self.output)
        if let outputPath, references.count > 1 {
            throw .invalidValue(Self.output.name, value: outputPath, expected: "one video's file: name one video")
        }
        let listsQualities = parsed.has(Self.listQualities)
        if let outputPath, listsQualities {
            throw .invalidValue(
                Self.output.name, value: outputPath, expected: "nothing: --list-qualities fetches no video")
        }
        if let quality, listsQualities {
            throw .invalidValue(
                Self.quality.option.name, value: quality.description,
                expected: "nothing: --list-qualities lists every quality, and what best and worst pick")
        }
        return Self(
            references: references, choice: quality, jobCount: jobs,
            outputPath: outputPath, listsQualities: listsQualities, json: parsed.has(Grammar.json))
    }

    /// One video's outcome, as `--json` prints it: its event (`complete`, `stopped`, `failed`).
    struct Outcome: Encodable {
        let event: String
        let videoID: String
        let episode: Nullable<Int>
        var complete = false
        var quality: String? = nil
        var bytes = 0
        var path: String? = nil
        /// The one file `--output` wrote.
        var output: String? = nil
        var error: String? = nil
    }

    func run(_ context: CommandContext) async throws(ExitCode) -> ExitCode {
        if listsQualities { return await listQualities(in: context) }
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
        let batch = Batch(references)
        // A second Ctrl-C ends at once, and still names what goes on, on a line of its own.
        let lastWords = { @MainActor in
            if context.console.isErrorTerminal { context.console.writeError("\r\u{1B}[2K") }
            context.console.fail(goOnLine(batch.remaining))
        }
        return await Interruption.shared.onQuitAtOnce(lastWords) {
            var status = ExitCode.success
            while let reference = batch.remaining.first {
                let count = references.count
                let place = count > 1 ? (count - batch.remaining.count + 1, count) : nil
                var again = reference
                let ended = await ExitCode.of { () async throws(ExitCode) in
                    try await download(reference, place: place, typedAgain: &again, in: context)
                }
                // The first remaining reference, as the viewer types it again (an episode's id for words).
                batch.remaining[batch.remaining.startIndex] = again
                if ended != .success { status = ended }
                if ended == .interrupted {
                    context.console.fail(goOnLine(batch.remaining))
                    break
                }
                if ended == .localState { break }
                batch.remaining = batch.remaining.dropFirst()
            }
            return status
        }
    }

    /// The references not finished yet, as the line to go on names them, shared with the last words.
    @MainActor private final class Batch {
        var remaining: ArraySlice<String>

        init(_ references: [String]) {
            remaining = references[...]
        }
    }

    /// `Run `cocoacasts download 556 553 --quality 180` to go on from there.`: the command that
    /// goes on with `remaining`, with the options given.
    private func goOnLine(_ remaining: ArraySlice<String>) -> String {
        let quoted = remaining.map { $0.contains(" ") ? "'\($0)'" : $0 }
        let options =
            (choice.map { ["--quality", $0.description] } ?? [])
            + (jobCount == Self.defaultJobs ? [] : ["--jobs", String(jobCount)])
        return "Run `\((["cocoacasts", "download"] + quoted + options).joined(separator: " "))` to go on from there."
    }

    /// Downloads one reference (the `place`th of a batch), and says how it ended (with `--json`, as its last
    /// event); sets `typedAgain` to the reference as the viewer types it again (an episode's id for words).
    @MainActor private func download(
        _ typed: String, place: (Int, Int)?, typedAgain: inout String, in context: CommandContext
    ) async throws(ExitCode) -> ExitCode {
        let (videoID, episode) = try await context.resolve(typed, on: .video, needingTheEpisode: true)
        let reference = episode.map { String($0.id) } ?? typed
        typedAgain = reference
        let what = episode.map { "episode \($0.id), “\(TerminalText.sanitized($0.title))”" } ?? "video \(videoID)"
        let video = try await context.video(videoID).video
        await sayWhatIsReplaced(videoID, what: what, in: context)
        let request = DownloadRequest(
            videoID: videoID, url: video.videoURL, quality: choice, jobs: jobCount,
            episode: episode.map { EpisodeLabel(id: $0.id, title: $0.title) }, duration: video.duration,
            metadata: ["server": context.services.server])
        let download = DownloadViewModel(videoID: videoID, downloader: context.services.downloader)
        let line = DownloadProgressLine(console: context.console, appearance: context.appearance, events: json)
        await line.following(download, title: episode?.title ?? "video \(videoID)", place: place) {
            await download.download(request)
        }
        let (outcome, status) = await ended(download.state, videoID, episode, what, reference, in: context)
        if json { line.printEvent(outcome) }
        return status
    }

    /// Says, before anything is replaced, that a copy at another quality than the one asked
    /// for gives way to it.
    @MainActor private func sayWhatIsReplaced(_ videoID: String, what: String, in context: CommandContext) async {
        guard let choice else { return }
        let existing: LocalCopy?
        do throws(DownloadError) {
            existing = try await context.services.downloader.copy(of: videoID, verifying: false)
        } catch {
            return  // the download itself says what is wrong with the copies' folder
        }
        guard let existing, let chosen = existing.chosen, chosen != choice, existing.quality != "the file" else {
            return
        }
        context.notice(
            "the copy of \(what) at \(existing.quality ?? chosen.description) (\(CopiesTable.state(existing.state))) "
                + "is replaced by one at --quality \(choice).")
    }

    /// Says how the download ended; its `--json` event and the status.
    @MainActor private func ended(
        _ state: DownloadViewModel.State, _ videoID: String, _ episode: Episode?, _ what: String, _ reference: String,
        in context: CommandContext
    ) async -> (Outcome, ExitCode) {
        let id = Nullable(episode?.id)
        switch state {
        case .complete(let copy):
            if !json {
                for note in copy.notes { context.notice(note + ".") }
                sayTheQualityTaken(copy, in: context)
                context.console.say(
                    "\(what): \(copy.quality), \(ByteSize.text(copy.bytes)), on this machine — cocoacasts watch "
                        + "\(reference) plays it with the network off.")
            }
            var outcome = Outcome(
                event: "complete", videoID: videoID, episode: id, complete: true, quality: copy.quality,
                bytes: copy.bytes, path: copy.playable.path)
            guard let outputPath else { return (outcome, .success) }
            let (status, failure) = await export(videoID, reference: reference, to: outputPath, in: context)
            if status == .success { outcome.output = URL(fileURLWithPath: outputPath).path }
            outcome.error = failure
            return (outcome, status)
        case .interrupted(let kept):
            let bytes = await onDisk(videoID, in: context) ?? kept?.bytes ?? 0
            context.console.fail(
                "Stopped \(what): the \(ByteSize.text(bytes)) fetched are kept on this machine for the next download.")
            let outcome = Outcome(
                event: "stopped", videoID: videoID, episode: id, bytes: bytes,
                error: DownloadError(.cancelled).description)
            return (outcome, .interrupted)
        case .failed(_, let cause, let kept):
            let error = DownloadError(cause)
            let status = report(error, what: what, reference: reference, in: context)
            return (
                Outcome(
                    event: "failed", videoID: videoID, episode: id, bytes: kept?.bytes ?? 0, error: error.description),
                status
            )
        case .waiting, .downloading:
            return (
                Outcome(event: "failed", videoID: videoID, episode: id, error: "it ended without saying how"), .failure
            )
        }
    }

    /// Says when the height asked for is not offered, and which was taken.
    @MainActor private func sayTheQualityTaken(_ copy: DownloadedCopy, in context: CommandContext) {
        guard case .height(let height) = choice, !copy.offeredHeights.isEmpty, !copy.offeredHeights.contains(height)
        else { return }
        let offered = copy.offeredHeights.map { "\($0)p" }.joined(separator: ", ")
        context.notice("\(height)p is not offered (this stream has \(offered)): \(copy.quality) was taken.")
    }

    /// The bytes of `videoID`'s copy on disk; `nil` when they cannot be read.
    @MainActor private func onDisk(_ videoID: String, in context: CommandContext) async -> Int? {
        do throws(DownloadError) {
            return try await context.services.downloader.copy(of: videoID, verifying: false)?.bytes
        } catch {
            return nil  // the size is a detail; the folder's own failure is said by the next command that uses it
        }
    }

    /// Says why the download of `what` stopped, and how to go on; returns the exit status: 69
    /// only for a server that could not be reached, 1 for one that refused or failed, 74 for
    /// the disk.
    @MainActor private func report(_ error: DownloadError, what: String, reference: String, in context: CommandContext)
        -> ExitCode
    {
        let again = "cocoacasts download \(reference)"
        let capitalized = what.prefix(1).uppercased() + what.dropFirst()
        switch error.cause {
        case .noRoom(let needed, let free, let path):
            context.console.fail(
                "\(capitalized) needs about \(ByteSize.text(needed)) more, and "
                    + "the disk of \(path) has \(ByteSize.text(free)) free: nothing more was fetched. Make room, then "
                    + "run `\(again)`.")
            return .localState
        case .noSpace, .io, .busy, .notComplete, .export:
            context.console.fail("The download of \(what) stopped: \(error). What is whole is kept.")
            return .localState
        case .refused:
            context.console.fail("\(capitalized) cannot be downloaded: \(error).")
            return .failure
        case .parts(let failures):
            // An episode's title in quotes is followed by a comma, as an apposition is.
            let subject = what.hasSuffix("”") ? "\(what)," : what
            context.console.fail(
                "The copy of \(subject) is partial: \(failures.count) \(failures.count == 1 ? "part" : "parts") could "
                    + "not be fetched (\(failures.prefix(3).map(\.description).joined(separator: "; "))"
                    + (failures.count > 3 ? "; …" : "") + "); every other part is on this machine.")
        case .status, .transport, .cancelled:
            context.console.fail("The download of \(what) stopped: \(error). What is whole is kept.")
        }
        if error.isUnreachable {
            context.console.fail("Run `\(again)` once the server can be reached, to fetch only what is missing.")
            return .unreachable
        }
        if !error.isFinal { context.console.fail("Run `\(again)` to fetch only what is missing.") }
        return .failure
    }
}

extension DownloadCommand {
    /// Writes video `videoID`'s complete copy as one file at `path`, and says so; the status,
    /// and what went wrong for `--json`.
    @MainActor fileprivate func export(
        _ videoID: String, reference: String, to path: String, in context: CommandContext
    ) async -> (ExitCode, String?) {
        var outcome: Result<Int, DownloadError> = .failure(DownloadError(.export(.cancelled)))
        do throws(ExitCode) {
            try await context.withSpinner("Writing \(path)…") {
                do throws(DownloadError) {
                    outcome = .success(
                        try await context.services.downloader.export(videoID: videoID, to: URL(fileURLWithPath: path)))
                } catch {
                    outcome = .failure(error)
                }
            }
        } catch {
            // A signal came meanwhile: the export stopped (cancelled, 130), unless it had ended already, which
            // `outcome` holds as it ended.
        }
        let written: Int
        do throws(DownloadError) {
            written = try outcome.get()
        } catch {
            let kept = "The copy is complete: `cocoacasts watch \(reference)` plays it."
            context.console.fail("Video \(videoID) was not written to \(path): \(error). \(kept)")
            let said = "not written to \(path): \(error)"
            guard case .export(let failure) = error.cause else { return (.localState, said) }
            switch failure {
            case .needsFFmpeg, .ffmpegNotStarted: return (.unreachable, said)
            case .ffmpegFailed: return (.failure, said)
            case .cancelled: return (.interrupted, said)
            case .exists, .io: return (.localState, said)
            }
        }
        if !json { context.console.print("video \(videoID): written to \(path) (\(ByteSize.text(written))).") }
        return (.success, nil)
    }
}
